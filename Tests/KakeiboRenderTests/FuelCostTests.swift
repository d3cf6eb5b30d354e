import KakeiboValues
import Testing

@testable import KakeiboRender

/// Fuel cost: exact decimal arithmetic, rounding at the end, and bad values refused.
@Suite struct FuelCostTests {
    func fuel(_ km: String, _ economy: String, _ price: String) throws -> FuelCost {
        FuelCost(
            distance: try Hundredths.parse(km, name: "--km", maximum: FuelCost.maximumDistance),
            economy: try Hundredths.parse(economy, name: "--km-per-litre", maximum: FuelCost.maximumEconomy),
            price: try Hundredths.parse(price, name: "--yen-per-litre", maximum: FuelCost.maximumPrice))
    }

    @Test func anExactCase() throws {
        let cost = try fuel("320", "16", "175")
        #expect(cost.litres == Fraction(32000, 1600))
        #expect(cost.cost == Yen(3500))
        #expect(cost.exactCost.isWhole)
        #expect(TableRenderer.fuel(cost, style: TextStyle(language: .en)) == "320 km ÷ 16 km/L = 20.0 L\n20.0 L × ¥175/L = ¥3,500\n")
    }

    @Test func decimalsStayExactWhereBinaryFloatingPointWouldNot() throws {
        // 0.1 + 0.2 style: 3 × 0.1 L at ¥1.10 is exactly ¥0.33; 10.05 km at 1 km/L and ¥0.5 is exactly ¥5.025.
        #expect(try fuel("0.3", "1", "1.1").exactCost == Fraction(30 * 110, 100 * 100))
        let half = try fuel("10.05", "1", "0.5")
        #expect(half.exactCost.decimalText(places: 3, minimumPlaces: 0) == "5.025")
        #expect(half.cost == Yen(5))
        // Exactly half a yen rounds up: 1 km at 2 km/L and ¥1 is ¥0.5.
        #expect(try fuel("1", "2", "1").cost == Yen(1))
        #expect(try fuel("1", "2", "0.98").cost == Yen(0))
    }

    @Test func inexactCostsSayHowTheyWereRounded() throws {
        let cost = try fuel("100", "3", "175")
        #expect(cost.cost == Yen(5833))
        #expect(!cost.exactCost.isWhole)
        let text = TableRenderer.fuel(cost, style: TextStyle(language: .en))
        #expect(text == "100 km ÷ 3 km/L = 33.33… L\n33.33… L × ¥175/L = ¥5,833.33… → ¥5,833 (rounded half up to the yen)\n")
        #expect(TableRenderer.fuel(try fuel("42.5", "18.2", "174.5"), style: TextStyle(language: .ja)).contains("174.5円/L"))
    }

    @Test func theLargestValuesDoNotOverflow() throws {
        let cost = try fuel("100000", "0.01", "100000")
        #expect(cost.cost == Yen(1_000_000_000_000))
    }

    @Test(arguments: [
        ("0", FuelError.notPositive(name: "--km", text: "0")),
        ("0.00", FuelError.notPositive(name: "--km", text: "0.00")),
        ("-5", FuelError.notPositive(name: "--km", text: "-5")),
        ("abc", FuelError.notANumber(name: "--km", text: "abc")),
        ("", FuelError.notANumber(name: "--km", text: "")),
        ("1e3", FuelError.notANumber(name: "--km", text: "1e3")),
        ("16.", FuelError.notANumber(name: "--km", text: "16.")),
        (".5", FuelError.notANumber(name: "--km", text: ".5")),
        ("1,000", FuelError.notANumber(name: "--km", text: "1,000")),
        ("16.125", FuelError.tooPrecise(name: "--km", text: "16.125")),
        ("100000.01", FuelError.tooLarge(name: "--km", text: "100000.01", maximum: 100_000)),
        ("99999999999999999999", FuelError.tooLarge(name: "--km", text: "99999999999999999999", maximum: 100_000)),
    ])
    func badValuesAreRefused(_ text: String, _ error: FuelError) {
        #expect(throws: error) { try Hundredths.parse(text, name: "--km", maximum: FuelCost.maximumDistance) }
    }

    @Test func valuesReadBackAsTyped() throws {
        #expect(try Hundredths.parse("16.5", name: "x", maximum: 100).units == 1650)
        #expect(try Hundredths.parse("16.50", name: "x", maximum: 100).text == "16.5")
        #expect(try Hundredths.parse("007", name: "x", maximum: 100).text == "7")
    }
}
