/// A path (CGPath): subpaths of straight lines and quadratic and cubic bezier curves, as a
/// keyframe animation of a point-valued key path follows it.
///
/// Every element but a move-to ends a segment and is a keyframe; the curve between keyframes
/// is followed. A move-to inside the path starts a new subpath: the animation jumps there at
/// the next segment's start. `close` draws a line back to the subpath's start.
public struct Path: Hashable, Sendable {
    /// One element; points are (x, y) in the layer's superlayer coordinates.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at (x, y) (`ac_path_move_to`).
        case move(x: Double, y: Double)
        /// A straight line to (x, y) (`ac_path_line_to`).
        case line(x: Double, y: Double)
        /// A quadratic bezier to (x, y) with control point (cx, cy).
        case quadCurve(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic bezier to (x, y) with control points (c1x, c1y) and (c2x, c2y).
        case curve(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        /// A line back to the subpath's start (`ac_path_close`).
        case close

        /// The element's numbers in order: x, y for a move or line; cx, cy, x, y for a quad
        /// curve; c1x, c1y, c2x, c2y, x, y for a cubic curve; none for a close.
        public var coordinates: [Double] {
            switch self {
            case .move(let x, let y), .line(let x, let y): [x, y]
            case .quadCurve(let cx, let cy, let x, let y): [cx, cy, x, y]
            case .curve(let c1x, let c1y, let c2x, let c2y, let x, let y): [c1x, c1y, c2x, c2y, x, y]
            case .close: []
            }
        }

        /// The element of the same type as this one with `coordinates` (as `coordinates`
        /// orders them; at least as many as this element has).
        /// - Parameter coordinates: the new numbers.
        func with(coordinates c: [Double]) -> Element {
            switch self {
            case .move: .move(x: c[0], y: c[1])
            case .line: .line(x: c[0], y: c[1])
            case .quadCurve: .quadCurve(cx: c[0], cy: c[1], x: c[2], y: c[3])
            case .curve: .curve(c1x: c[0], c1y: c[1], c2x: c[2], c2y: c[3], x: c[4], y: c[5])
            case .close: .close
            }
        }

        /// Whether `other` is an element of the same type (move, line, quad curve, curve,
        /// close), whatever its points: paths whose elements pair up so interpolate.
        /// - Parameter other: the element to compare with.
        /// - Returns: true when both are moves, lines, quad curves, curves or closes.
        public func hasSameType(as other: Element) -> Bool {
            switch (self, other) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): true
            default: false
            }
        }
    }

    /// The elements in order.
    public var elements: [Element] = []

    /// A path of these elements.
    ///
    /// C: an array of `ac_path_element` (`ac_animation_set_path`).
    /// - Parameter elements: the elements in order; default none.
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// The keyframe count: the first point and each segment's end (0 for a path without segments).
    public var keyframeCount: Int {
        let segments = elements.reduce(0) { count, element in
            if case .move = element { return count }
            return count + 1
        }
        return segments == 0 ? 0 : segments + 1
    }

    // MARK: Building

    /// Starts a subpath at (x, y).
    /// - Parameters:
    ///   - x: the start's x.
    ///   - y: the start's y.
    public mutating func move(x: Double, y: Double) { elements.append(.move(x: x, y: y)) }
    /// A line to (x, y).
    /// - Parameters:
    ///   - x: the end's x.
    ///   - y: the end's y.
    public mutating func addLine(x: Double, y: Double) { elements.append(.line(x: x, y: y)) }
    /// A quadratic curve to (x, y) with control point (cx, cy).
    /// - Parameters:
    ///   - cx: the control point's x.
    ///   - cy: the control point's y.
    ///   - x: the end's x.
    ///   - y: the end's y.
    public mutating func addQuadCurve(cx: Double, cy: Double, x: Double, y: Double) {
        elements.append(.quadCurve(cx: cx, cy: cy, x: x, y: y))
    }
    /// A cubic curve to (x, y) with control points (c1x, c1y), (c2x, c2y).
    /// - Parameters:
    ///   - c1x: the first control point's x.
    ///   - c1y: the first control point's y.
    ///   - c2x: the second control point's x.
    ///   - c2y: the second control point's y.
    ///   - x: the end's x.
    ///   - y: the end's y.
    public mutating func addCurve(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double) {
        elements.append(.curve(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, x: x, y: y))
    }
    /// A line back to the subpath's start.
    public mutating func close() { elements.append(.close) }

    /// Bezier circle constant: control points at this fraction of the radius draw a quarter
    /// circle within 0.03 % (4/3 · (√2 − 1)).
    static let kappa = 0.5522847498307936

    /// Appends a rectangle: from (x, y) clockwise in a y-down space (right, down, left, close).
    ///
    /// C: `ac_path_rect`.
    /// - Parameters:
    ///   - x: the origin's x.
    ///   - y: the origin's y.
    ///   - width: the horizontal extent.
    ///   - height: the vertical extent.
    public mutating func addRect(x: Double, y: Double, width: Double, height: Double) {
        move(x: x, y: y)
        addLine(x: x + width, y: y)
        addLine(x: x + width, y: y + height)
        addLine(x: x, y: y + height)
        close()
    }

    /// Appends the ellipse inscribed in the rect: four cubic quarter arcs starting at its
    /// right-most point, the same direction as `addRect`, then close.
    ///
    /// C: `ac_path_ellipse`.
    /// - Parameters:
    ///   - x: the rect's origin x.
    ///   - y: the rect's origin y.
    ///   - width: the rect's horizontal extent.
    ///   - height: the rect's vertical extent.
    public mutating func addEllipse(x: Double, y: Double, width: Double, height: Double) {
        let rx = width / 2, ry = height / 2
        let cx = x + rx, cy = y + ry
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        move(x: cx + rx, y: cy)
        addCurve(c1x: cx + rx, c1y: cy + ky, c2x: cx + kx, c2y: cy + ry, x: cx, y: cy + ry)
        addCurve(c1x: cx - kx, c1y: cy + ry, c2x: cx - rx, c2y: cy + ky, x: cx - rx, y: cy)
        addCurve(c1x: cx - rx, c1y: cy - ky, c2x: cx - kx, c2y: cy - ry, x: cx, y: cy - ry)
        addCurve(c1x: cx + kx, c1y: cy - ry, c2x: cx + rx, c2y: cy - ky, x: cx + rx, y: cy)
        close()
    }

    /// Appends a rectangle with elliptical corners of radii (cornerWidth, cornerHeight), each at
    /// most half the side: lines and cubic quarter arcs, the same direction as `addRect`.
    ///
    /// C: `ac_path_rounded_rect`.
    /// - Parameters:
    ///   - x: the origin's x.
    ///   - y: the origin's y.
    ///   - width: the horizontal extent.
    ///   - height: the vertical extent.
    ///   - cornerWidth: the corners' horizontal radius, clamped to [0, |width| / 2].
    ///   - cornerHeight: the corners' vertical radius, clamped to [0, |height| / 2].
    public mutating func addRoundedRect(
        x: Double, y: Double, width: Double, height: Double, cornerWidth: Double, cornerHeight: Double
    ) {
        let rx = min(max(cornerWidth, 0), abs(width) / 2), ry = min(max(cornerHeight, 0), abs(height) / 2)
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        let right = x + width, bottom = y + height
        move(x: x + rx, y: y)
        addLine(x: right - rx, y: y)
        addCurve(c1x: right - rx + kx, c1y: y, c2x: right, c2y: y + ry - ky, x: right, y: y + ry)
        addLine(x: right, y: bottom - ry)
        addCurve(c1x: right, c1y: bottom - ry + ky, c2x: right - rx + kx, c2y: bottom, x: right - rx, y: bottom)
        addLine(x: x + rx, y: bottom)
        addCurve(c1x: x + rx - kx, c1y: bottom, c2x: x, c2y: bottom - ry + ky, x: x, y: bottom - ry)
        addLine(x: x, y: y + ry)
        addCurve(c1x: x, c1y: y + ry - ky, c2x: x + rx - kx, c2y: y, x: x + rx, y: y)
        close()
    }

    /// Checks what a keyframe animation needs of its path (done again when it is added).
    /// - Parameter field: the name messages give the path ("path", "animation.path").
    /// - Throws: `.notFinite` for a NaN or infinite number (naming the element), and
    ///   `.invalidArgument` when the path does not start with a move or has no segment.
    public func validate(_ field: @autoclosure () -> String) throws(AnimCoreError) {
        for (index, element) in elements.enumerated() {
            for number in element.coordinates where !number.isFinite {
                throw AnimCoreError(.notFinite, "\(field()).elements[\(index)] has \(number); every point must be finite")
            }
        }
        if let first = elements.first, case .move = first {} else if !elements.isEmpty {
            throw AnimCoreError(.invalidArgument, "\(field()).elements[0] is not a move; a path starts with a move to its first point")
        }
        guard keyframeCount > 0 else {
            throw AnimCoreError(.invalidArgument, "\(field()) has no segments; it needs a line or curve after its move")
        }
    }

    /// The path as cubic segments: each line, quad and close becomes a cubic with the same
    /// points (a line's controls at thirds, so it is traced at constant speed). Writes 8 slots
    /// per segment (start, control 1, control 2, end as x, y pairs).
    func cubicSegments() -> [Double] {
        var result: [Double] = []
        var current = (0.0, 0.0)
        var subpathStart = (0.0, 0.0)
        func line(to end: (Double, Double)) {
            let (sx, sy) = current
            result += [sx, sy, sx + (end.0 - sx) / 3, sy + (end.1 - sy) / 3,
                       sx + 2 * (end.0 - sx) / 3, sy + 2 * (end.1 - sy) / 3, end.0, end.1]
            current = end
        }
        for element in elements {
            switch element {
            case .move(let x, let y):
                current = (x, y)
                subpathStart = (x, y)
            case .line(let x, let y):
                line(to: (x, y))
            case .quadCurve(let cx, let cy, let x, let y):
                let (sx, sy) = current
                result += [sx, sy, sx + 2 * (cx - sx) / 3, sy + 2 * (cy - sy) / 3,
                           x + 2 * (cx - x) / 3, y + 2 * (cy - y) / 3, x, y]
                current = (x, y)
            case .curve(let c1x, let c1y, let c2x, let c2y, let x, let y):
                result += [current.0, current.1, c1x, c1y, c2x, c2y, x, y]
                current = (x, y)
            case .close:
                line(to: subpathStart)
            }
        }
        return result
    }
}
