import KakeiboStore
import KakeiboValues

/// A workbook of one sheet, written as the Office Open XML parts a spreadsheet program reads (ECMA-376): text as
/// inline strings, whole numbers as numbers, inside a stored ZIP (`ZipArchive`).
public struct XLSXWorkbook: Sendable {
    public enum Value: Sendable, Equatable {
        case text(String)
        case number(Int)
    }

    public var sheetName: String
    /// Cells by row (from 1) and column (from 1: A).
    public private(set) var cells: [Int: [Int: Value]] = [:]
    /// Column widths in characters, by column (from 1).
    public var widths: [Int: Int] = [:]

    public init(sheetName: String) { self.sheetName = sheetName }

    public mutating func set(row: Int, column: Int, _ value: Value) { cells[row, default: [:]][column] = value }

    /// "A", "B", … "Z", "AA": a column's letters.
    public static func columnName(_ column: Int) -> String {
        var column = column
        var name = ""
        while column > 0 {
            let remainder = (column - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + remainder))) + name
            column = (column - 1) / 26
        }
        return name
    }

    /// The .xlsx file's bytes.
    public func bytes() -> [UInt8] {
        var archive = ZipArchive()
        archive.add(
            "[Content_Types].xml",
            XLSXWorkbook.declaration
                + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
                + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
                + #"<Default Extension="xml" ContentType="application/xml"/>"#
                + #"<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#
                + #"<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
                + #"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>"#
                + "</Types>")
        archive.add(
            "_rels/.rels",
            XLSXWorkbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
                + #"<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>"#
                + "</Relationships>")
        archive.add(
            "xl/workbook.xml",
            XLSXWorkbook.declaration
                + #"<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">"#
                + #"<sheets><sheet name="\#(XLSXWorkbook.escape(sheetName))" sheetId="1" r:id="rId1"/></sheets></workbook>"#)
        archive.add(
            "xl/_rels/workbook.xml.rels",
            XLSXWorkbook.declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
                + #"<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>"#
                + #"<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>"#
                + "</Relationships>")
        archive.add(
            "xl/styles.xml",
            XLSXWorkbook.declaration + #"<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#
                + #"<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>"#
                + #"<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>"#
                + #"<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"#
                + #"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#
                + #"<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>"#
                + #"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>"#
                + "</styleSheet>")
        archive.add("xl/worksheets/sheet1.xml", sheet())
        return archive.bytes()
    }

    private func sheet() -> String {
        var xml = XLSXWorkbook.declaration + #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#
        if !widths.isEmpty {
            xml += "<cols>"
            for (column, width) in widths.sorted(by: { $0.key < $1.key }) {
                xml += #"<col min="\#(column)" max="\#(column)" width="\#(width)" customWidth="1"/>"#
            }
            xml += "</cols>"
        }
        xml += "<sheetData>"
        for (row, columns) in cells.sorted(by: { $0.key < $1.key }) {
            xml += #"<row r="\#(row)">"#
            for (column, value) in columns.sorted(by: { $0.key < $1.key }) {
                let reference = XLSXWorkbook.columnName(column) + String(row)
                switch value {
                case .number(let number): xml += #"<c r="\#(reference)"><v>\#(number)</v></c>"#
                case .text(let text):
                    xml += #"<c r="\#(reference)" t="inlineStr"><is><t xml:space="preserve">\#(XLSXWorkbook.escape(text))</t></is></c>"#
                }
            }
            xml += "</row>"
        }
        return xml + "</sheetData></worksheet>"
    }

    private static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"

    /// Text as XML character data: the five special characters escaped, and characters XML 1.0 can't hold (C0
    /// controls other than tab and newline) left out.
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
