/// Reads CSS easing text (CSS Easing Functions Level 2): the keywords `linear`, `ease`,
/// `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end` (and every other name of
/// `TimingFunction.namedFunctions`), `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, position])` and
/// `linear(<stops>)`. Keywords and function names are ASCII case-insensitive, as in CSS.
/// Errors say where the text is wrong: the index (0-based, in characters) and what was expected.
struct CSSEasingParser {
    /// The text, as characters (Unicode scalars: valid text is ASCII).
    private let scalars: [Unicode.Scalar]
    /// What errors call the text (the caller's argument name).
    private let argument: String
    /// The text as errors quote it (shortened past 80 characters).
    private let quoted: String
    /// The index of the next character to read.
    private var position = 0

    /// A parser of `text`, whose errors name `argument`.
    init(_ text: String, argument: String) {
        scalars = Array(text.unicodeScalars)
        self.argument = argument
        let shown = scalars.count <= 80 ? text : String(String.UnicodeScalarView(scalars[0..<77])) + "..."
        quoted = "\"\(shown)\""
    }

    /// The whole text as one timing function.
    mutating func parse() throws(AnimCoreError) -> TimingFunction {
        skipSpace()
        let start = position
        guard let name = identifier() else {
            throw failure(at: start, "expected a keyword or cubic-bezier(, steps( or linear(")
        }
        let function: TimingFunction
        if peek == "(" {
            position += 1
            function = try functionBody(name.lowercased(), start: start)
        } else {
            guard let named = Self.named(name) else {
                throw failure(
                    .unknownName, at: start,
                    "expected linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end or a curve's name; found \"\(name)\"")
            }
            function = named
        }
        skipSpace()
        guard position == scalars.count else { throw expected("the end of the text") }
        return function
    }

    /// The named function for a keyword, as written or in lower case (CSS keywords ignore
    /// case), by the one lookup of names (`TimingFunction(named:)`).
    private static func named(_ name: String) -> TimingFunction? {
        (try? TimingFunction(named: name)) ?? (try? TimingFunction(named: name.lowercased()))
    }

    /// The function named `name` (lower case), read past its "(" up to and with its ")".
    private mutating func functionBody(_ name: String, start: Int) throws(AnimCoreError) -> TimingFunction {
        switch name {
        case "cubic-bezier": return try cubicBezier()
        case "steps": return try steps()
        case "linear": return try linear(start: start)
        default:
            throw failure(.unknownName, at: start, "expected cubic-bezier(, steps( or linear(; found \"\(name)(\"")
        }
    }

    /// `cubic-bezier(x1, y1, x2, y2)` after its "(".
    private mutating func cubicBezier() throws(AnimCoreError) -> TimingFunction {
        var numbers: [Double] = []
        var starts: [Int] = []
        for index in 0..<4 {
            if index > 0 { try consume(",") }
            let token = try number()
            numbers.append(token.value)
            starts.append(token.start)
        }
        try consume(")")
        for index in [0, 2] where !(0...1).contains(numbers[index]) {
            throw failure(
                .outOfRange, at: starts[index],
                "x\(index / 2 + 1) is \(numbers[index]); it must be in [0, 1]")
        }
        do throws(AnimCoreError) {
            return .cubicBezier(try UnitBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
        } catch {
            throw failure(error.code, at: starts[1], error.message)
        }
    }

    /// `steps(n[, position])` after its "(".
    private mutating func steps() throws(AnimCoreError) -> TimingFunction {
        skipSpace()
        let countStart = position
        let count = try integer()
        var stepPosition = StepPosition.jumpEnd
        skipSpace()
        if peek == "," {
            position += 1
            skipSpace()
            let keywordStart = position
            let positions: [String: StepPosition] = [
                "jump-start": .jumpStart, "start": .jumpStart, "jump-end": .jumpEnd, "end": .jumpEnd,
                "jump-none": .jumpNone, "jump-both": .jumpBoth,
            ]
            guard let word = identifier(), let found = positions[word.lowercased()] else {
                position = keywordStart
                throw expected("jump-start, jump-end, jump-none, jump-both, start or end")
            }
            stepPosition = found
        }
        try consume(")")
        do throws(AnimCoreError) {
            return .steps(try StepsFunction(steps: count, position: stepPosition))
        } catch {
            throw failure(error.code, at: countStart, "the step count is \(count); it must be >= \(stepPosition == .jumpNone ? 2 : 1) for this position")
        }
    }

    /// `linear(<stop>, <stop>, ...)` after its "(": each stop a number with zero, one or two
    /// percentages before or after it.
    private mutating func linear(start: Int) throws(AnimCoreError) -> TimingFunction {
        var stops: [LinearStop] = []
        repeat {
            if !stops.isEmpty { try consume(",") }
            stops.append(try linearStop())
            skipSpace()
        } while peek != ")" && position < scalars.count
        try consume(")")
        guard stops.count >= 2 else {
            throw failure(at: start, "linear() needs at least 2 stops; found \(stops.count)")
        }
        do throws(AnimCoreError) {
            return .piecewiseLinear(try LinearFunction(stops: stops))
        } catch {
            throw failure(error.code, at: start, error.message)
        }
    }

    /// One stop of `linear()`: `<number> <percentage>{0,2}` or `<percentage>{1,2} <number>`.
    private mutating func linearStop() throws(AnimCoreError) -> LinearStop {
        var output: Double?
        var before: [Double] = [], after: [Double] = []
        while true {
            skipSpace()
            guard let next = peek, next != ",", next != ")" else { break }
            let token = try number(allowPercentage: true)
            if !token.isPercentage {
                guard output == nil else {
                    throw failure(at: token.start, "expected a percentage, \",\" or \")\" (a stop has one number)")
                }
                output = token.value
            } else if output == nil {
                guard before.count < 2 else {
                    throw failure(at: token.start, "expected the stop's number (a stop has at most two percentages)")
                }
                before.append(token.value / 100)
            } else {
                guard before.isEmpty, after.count < 2 else {
                    throw failure(
                        at: token.start,
                        "expected \",\" or \")\" (a stop has at most two percentages, all on one side of its number)")
                }
                after.append(token.value / 100)
            }
        }
        guard let output else { throw expected("a number (the stop's output)") }
        let inputs = before + after
        return LinearStop(output, at: inputs.first, to: inputs.count > 1 ? inputs[1] : nil)
    }

    // MARK: Tokens

    /// The character at the read position; nil at the end.
    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Moves past spaces, tabs and line breaks.
    private mutating func skipSpace() {
        while let next = peek, next == " " || next == "\t" || next == "\n" || next == "\r" || next == "\u{0C}" {
            position += 1
        }
    }

    /// Reads `character` after optional space; an error says what was expected otherwise.
    private mutating func consume(_ character: Unicode.Scalar) throws(AnimCoreError) {
        skipSpace()
        guard peek == character else { throw expected("\"\(character)\"") }
        position += 1
    }

    /// An identifier (letters, digits, "-", "_", not starting with a digit); nil when none.
    private mutating func identifier() -> String? {
        let start = position
        while let next = peek, isLetter(next) || ("0"..."9").contains(next) || next == "-" || next == "_" {
            if position == start && ("0"..."9").contains(next) { break }
            position += 1
        }
        guard position > start else { return nil }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// Whether `scalar` is an ASCII letter.
    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Moves past ASCII digits; returns how many.
    private mutating func digits() -> Int {
        let start = position
        while let next = peek, ("0"..."9").contains(next) { position += 1 }
        return position - start
    }

    /// A CSS `<number>` (sign, digits, fraction, exponent), and with `allowPercentage` a
    /// `<percentage>` (a number directly followed by "%"), after optional space.
    private mutating func number(allowPercentage: Bool = false) throws(AnimCoreError) -> (value: Double, isPercentage: Bool, start: Int) {
        skipSpace()
        let start = position
        if peek == "+" || peek == "-" { position += 1 }
        var count = digits()
        if peek == ".", position + 1 < scalars.count, ("0"..."9").contains(scalars[position + 1]) {
            position += 1
            count += digits()
        }
        guard count > 0 else {
            position = start
            throw expected(allowPercentage ? "a number or a percentage" : "a number")
        }
        if peek == "e" || peek == "E" {
            let mark = position
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            if digits() == 0 { position = mark }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        let value = Double(text) ?? .nan
        guard value.isFinite else { throw failure(.notFinite, at: start, "\(text) is too large; numbers must be finite") }
        let isPercentage = allowPercentage && peek == "%"
        if isPercentage { position += 1 }
        return (value, isPercentage, start)
    }

    /// A CSS `<integer>` (optional sign, digits), after optional space; beyond Int32 is out of
    /// range.
    private mutating func integer() throws(AnimCoreError) -> Int {
        skipSpace()
        let start = position
        if peek == "+" || peek == "-" { position += 1 }
        guard digits() > 0, peek != ".", peek != "e", peek != "E" else {
            position = start
            throw expected("an integer (the step count)")
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Int32(text) else {
            throw failure(.outOfRange, at: start, "the step count \(text) is beyond 2147483647")
        }
        return Int(value)
    }

    // MARK: Errors

    /// "expected `what`; found ..." at the read position (what is there, up to 12 characters).
    private func expected(_ what: String) -> AnimCoreError {
        guard position < scalars.count else { return failure(at: position, "expected \(what); found the end of the text") }
        var end = position + 1
        while end < scalars.count, end - position < 12, !" ,()".unicodeScalars.contains(scalars[end]) { end += 1 }
        let found = String(String.UnicodeScalarView(scalars[position..<end]))
        return failure(at: position, "expected \(what); found \"\(found)\"")
    }

    /// An error at `index` of the text.
    private func failure(_ code: AnimCoreError.Code = .invalidArgument, at index: Int, _ detail: String) -> AnimCoreError {
        AnimCoreError(code, "\(argument) \(quoted) is not a CSS easing function: at index \(index), \(detail)")
    }
}

extension TimingFunction {
    /// The function CSS easing text describes: `linear`, `ease`, `ease-in`, `ease-out`,
    /// `ease-in-out`, `step-start`, `step-end` (or any name of `namedFunctions`, e.g.
    /// "bounce_out"), `cubic-bezier(x1, y1, x2, y2)` (x1, x2 in [0, 1]),
    /// `steps(n[, jump-start | jump-end | jump-none | jump-both | start | end])` and
    /// `linear(<stops>)` (CSS Easing Level 2: "linear(0, 0.25 50%, 1)").
    ///
    /// C: `ac_timing_function_parse`.
    /// - Parameter css: the text; keywords and function names ignore ASCII case.
    /// - Throws: `.invalidArgument` for text that is not CSS easing, `.unknownName` for an
    ///   unknown keyword or function, `.outOfRange` or `.notFinite` for a number CSS or the
    ///   function refuses; the message gives the index (0-based, in characters) and what was
    ///   expected there.
    public init(css: String) throws(AnimCoreError) {
        try self.init(css: css, argument: "css")
    }

    /// `init(css:)` with errors naming `argument` (the caller's name for the text).
    package init(css: String, argument: String) throws(AnimCoreError) {
        var parser = CSSEasingParser(css, argument: argument)
        self = try parser.parse()
    }
}
