// manual_animation_driver.h — a QAnimationDriver whose clock the benchmark sets by hand, so that
// Qt's animations see exactly the times animcore's engine is ticked at.
//
// Install it with install(); then, for each frame, setTime(ms) and advance(). Qt asks the
// driver for elapsed() (milliseconds since the driver started, Qt's unit) and moves every running
// animation by the difference to the last advance. Qt starts the driver when animations start
// running after none did (QUnifiedTimer::startAnimationDriver); the clock then restarts at 0.
// No signals or slots of its own: no Q_OBJECT, no moc.
#ifndef ANIMCORE_BENCH_MANUAL_ANIMATION_DRIVER_H
#define ANIMCORE_BENCH_MANUAL_ANIMATION_DRIVER_H

#include <QtCore/QAnimationDriver>

class ManualAnimationDriver final : public QAnimationDriver {
public:
    /** The time advance() reports next, in milliseconds since the driver started (>= 0). */
    void setTime(qint64 milliseconds) { now_ms_ = milliseconds; }
    qint64 time() const { return now_ms_; }
    qint64 elapsed() const override { return now_ms_; }

protected:
    void start() override {
        now_ms_ = 0;
        QAnimationDriver::start();
    }

private:
    qint64 now_ms_ = 0;
};

#endif
