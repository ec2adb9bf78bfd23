import AnimCore
import CAnimCore

// The keys-and-values section of animcore.h: interned keys, and ac_value <-> Value.

@_cdecl("ac_engine_key")
public func ac_engine_key(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outKey: UnsafeMutablePointer<ac_key>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            let text = try utf8String(name, "name")
            let out = try required(outKey, "out_key")
            guard !text.isEmpty else { throw APIError(AC_ERR_UNKNOWN_KEY, "name is \"\"; a key needs a name") }
            out.pointee = try box.key(text)
        }
    }
}

@_cdecl("ac_engine_key_name")
public func ac_engine_key_name(
    _ engine: OpaquePointer?, _ key: ac_key, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ outLength: UnsafeMutablePointer<Int>?
) -> ac_status {
    reportingStatus { () throws(APIError) in
        try withEngine(engine) { (box) throws(APIError) in
            try copyString(box.checkedName(of: key), into: buffer, capacity: capacity, outLength: outLength)
        }
    }
}

// MARK: Strings

/// A NUL-terminated UTF-8 argument as a String; errors name `argument`.
func utf8String(_ pointer: UnsafePointer<CChar>?, _ argument: String) throws(APIError) -> String {
    guard let pointer else { throw .nullPointer(argument) }
    guard let text = String(validatingCString: pointer) else {
        throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument) is not valid UTF-8")
    }
    return text
}

/// Copies `text` and its NUL into a caller's buffer: *out_length is its length in bytes either
/// way; AC_ERR_BUFFER_TOO_SMALL when capacity <= the length.
func copyString(
    _ text: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int,
    outLength: UnsafeMutablePointer<Int>?, bufferArgument: String = "buffer"
) throws(APIError) {
    let length = try required(outLength, "out_length")
    guard capacity >= 0 else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "capacity is \(UInt(bitPattern: capacity)); it is beyond any buffer")
    }
    guard buffer != nil || capacity == 0 else { throw .nullPointer(bufferArgument) }
    let utf8 = Array(text.utf8)
    length.pointee = utf8.count
    guard capacity > utf8.count, let buffer else {
        throw APIError(
            AC_ERR_BUFFER_TOO_SMALL,
            "\(bufferArgument) holds \(capacity) bytes but \(utf8.count + 1) are needed (with the NUL)")
    }
    for (index, byte) in utf8.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[utf8.count] = 0
}

/// A C count or capacity (size_t) as an Int, refusing values beyond Int.max.
@inline(__always)
func sizeArgument(_ value: Int, _ argument: @autoclosure () -> String) throws(APIError) -> Int {
    guard value >= 0 else {
        throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument()) is \(UInt(bitPattern: value)); it is too large")
    }
    return value
}

// MARK: Values

extension ValueKind {
    /// The kind of a C kind code, or INVALID_ARGUMENT naming `argument`.
    @inline(__always)
    init(code: Int32, _ argument: @autoclosure () -> String) throws(APIError) {
        guard let kind = ValueKind(rawValue: code) else {
            throw APIError(
                AC_ERR_INVALID_ARGUMENT, "\(argument()) is \(code); it must be one of AC_VALUE_* (0...13)")
        }
        self = kind
    }
}

extension Value {
    /// Reads and checks a C value: a known kind, reserved 0, a bool of 0 or 1, and finite
    /// numbers unless `checkingFinite` is false (a model value, which the core checks with the
    /// property's own rules). Errors name `argument` ("value", "properties[2].default_value").
    init(_ pointer: UnsafePointer<ac_value>?, _ argument: String, checkingFinite: Bool = true) throws(APIError) {
        guard let pointer else { throw .nullPointer(argument) }
        try self.init(reading: pointer, argument, checkingFinite: checkingFinite)
    }

    init(_ raw: ac_value, _ argument: String, checkingFinite: Bool = true) throws(APIError) {
        self = try withUnsafePointer(to: raw) { (pointer) throws(APIError) in
            try Value(reading: pointer, argument, checkingFinite: checkingFinite)
        }
    }

    /// `init(_:_:checkingFinite:)` of the C value at `pointer`, read where it lies (the struct
    /// is 144 bytes; a scalar needs one number of it).
    private init(reading pointer: UnsafePointer<ac_value>, _ argument: String, checkingFinite: Bool) throws(APIError) {
        let kind = try ValueKind(code: pointer.pointee.kind, "\(argument)->kind")
        guard pointer.pointee.reserved == 0 else {
            throw APIError(AC_ERR_INVALID_ARGUMENT, "\(argument)->reserved is \(pointer.pointee.reserved); it must be 0")
        }
        let integer = pointer.pointee.i
        switch kind {
        case .bool:
            guard integer == 0 || integer == 1 else {
                throw APIError(AC_ERR_OUT_OF_RANGE, "\(argument)->i is \(integer); a bool must be 0 or 1")
            }
            self = .bool(integer == 1)
        case .integer:
            self = .integer(integer)
        case .token:
            self = .token(UInt64(bitPattern: integer))
        default:
            let count = kind.slotCount
            let slots = UnsafeRawPointer(pointer).advanced(by: MemoryLayout<ac_value>.offset(of: \ac_value.v)!)
                .assumingMemoryBound(to: Double.self)
            if let bad = (0..<count).first(where: { checkingFinite && !slots[$0].isFinite }) {
                throw APIError(AC_ERR_NOT_FINITE, "\(argument)->v[\(bad)] is \(slots[bad]); it must be finite")
            }
            self = Value(kind: kind, slots: slots)
        }
    }

    /// The header's struct for this value: the kind's fields set, every other field 0.
    var cValue: ac_value {
        var out = ac_value()
        out.kind = kind.rawValue
        switch self {
        case .bool(let on): out.i = on ? 1 : 0
        case .integer(let i): out.i = i
        case .token(let token): out.i = Int64(bitPattern: token)
        default:
            withUnsafeMutablePointer(to: &out.v) { tuple in
                tuple.withMemoryRebound(to: Double.self, capacity: ValueKind.maximumSlotCount) { slots in
                    write(into: slots)
                }
            }
        }
        return out
    }
}
