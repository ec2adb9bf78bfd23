// animated_dot.h — the QObject a QPropertyAnimation animates in bench_qt: one double property,
// "level" (default 0), the counterpart of animcore's custom layer class "Dot" with its scalar
// "level". A plain getter and setter, no change signal: the cheapest property Qt can animate.
// Q_OBJECT and Q_PROPERTY make it visible to Qt's meta-object system (moc, through AUTOMOC).
#ifndef ANIMCORE_BENCH_ANIMATED_DOT_H
#define ANIMCORE_BENCH_ANIMATED_DOT_H

#include <QtCore/QObject>

class AnimatedDot final : public QObject {
    Q_OBJECT
    Q_PROPERTY(double level READ level WRITE setLevel)

public:
    explicit AnimatedDot(QObject *parent = nullptr) : QObject(parent) {}
    double level() const { return level_; }
    void setLevel(double level) { level_ = level; }

private:
    double level_ = 0.0;
};

#endif
