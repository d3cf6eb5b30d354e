/// Arithmetic in GF(2⁸) with the QR Code's primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), and the
/// Reed–Solomon error correction codewords built on it (ISO/IEC 18004, 7.5.2).
enum GaloisField {
    /// The product of two field elements: carry-less multiplication reduced by 0x11D.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product: UInt16 = 0
        for bit in (0..<8).reversed() {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            if (y >> UInt8(bit)) & 1 == 1 { product ^= UInt16(x) }
        }
        return UInt8(truncatingIfNeeded: product)
    }
}

/// A Reed–Solomon code of one degree: the generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)).
package struct ReedSolomon: Sendable {
    /// The generator's coefficients below its leading 1, highest power first.
    package let generator: [UInt8]

    package init(degree: Int) {
        precondition((1...255).contains(degree), "a Reed–Solomon degree is 1 to 255")
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1 // the polynomial 1, held as its last coefficient
        var root: UInt8 = 1 // α⁰
        for _ in 0..<degree {
            // Multiply by (x − root): shift up one power and add root times the old coefficients.
            for index in coefficients.indices {
                coefficients[index] = GaloisField.multiply(coefficients[index], root)
                if index + 1 < coefficients.count { coefficients[index] ^= coefficients[index + 1] }
            }
            root = GaloisField.multiply(root, 0x02)
        }
        generator = coefficients
    }

    /// The error correction codewords of `data`: the remainder of data·x^degree divided by the generator.
    package func remainder(_ data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices { remainder[index] ^= GaloisField.multiply(generator[index], factor) }
        }
        return remainder
    }
}
