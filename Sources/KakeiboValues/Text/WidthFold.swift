/// Text as a statement should be shown: full-width ASCII (Ｓｅｖｅｎ１１) as ASCII, the ideographic space as a
/// space, half-width katakana (ｾﾌﾞﾝ) as full-width with its sound marks joined; a full-width dash after katakana
/// (カ－ド) stays as written. Case, hiragana and everything else
/// stay as written: this is for display, where `TextFold` is for comparing.
public enum WidthFold {
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3000:
                out.append(" ")
            case 0xFF0D where out.last.map({ (0x30A1...0x30FC).contains($0.value) }) == true:
                // A full-width dash after katakana is how banks write a long vowel (カ－ド): kept as written, where
                // "-" would read カ-ド. (Comparing folds every dash and long vowel to one: `AccountKey`.)
                out.append(scalar)
            case 0xFF01...0xFF5E:
                out.append(Unicode.Scalar(scalar.value - 0xFF01 + 0x21)!)
            case 0xFF9E, 0xFF9F, 0x309B, 0x309C:
                // A sound mark written apart (half-width ﾞ, or a bank's full-width ゛ after ト: ト゛) joins the kana
                // before it when that kana takes one.
                let mark: UInt32 = scalar.value == 0xFF9E || scalar.value == 0x309B ? 0x309B : 0x309C
                if let last = out.last, let joined = TextFold.joined(last.value, mark), let joinedScalar = Unicode.Scalar(joined) {
                    out.removeLast()
                    out.append(joinedScalar)
                } else if let markScalar = Unicode.Scalar(mark) {
                    out.append(markScalar)
                }
            case 0xFF61...0xFF9D:
                out.append(Unicode.Scalar(TextFold.halfWidthKana[Int(scalar.value - 0xFF61)])!)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}
