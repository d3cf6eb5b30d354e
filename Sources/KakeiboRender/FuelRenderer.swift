import KakeiboStore
import KakeiboValues

/// The fuel-cost calculation as text and as JSON fields.
extension TableRenderer {
    /// "320 km ÷ 16 km/L = 20.0 L" and "20.0 L × ¥175/L = ¥3,500", saying how the yen were rounded when they were.
    public static func fuel(_ fuel: FuelCost, style: TextStyle) -> String {
        let language = style.language
        let litres = fuel.litres.decimalText(places: 2, minimumPlaces: 1)
        let price = perLitre(fuel.price, language)
        var out = "\(fuel.distance.text) km ÷ \(fuel.economy.text) km/L = \(litres) L\n"
        out += "\(litres) L × \(price) = "
        if fuel.exactCost.isWhole {
            out += style.bold(fuel.cost.formatted(language)) + "\n"
        } else {
            let exact = fuel.exactCost.decimalText(places: 2, minimumPlaces: 2)
            out +=
                language.pick("¥\(exact)", "\(exact)円") + " → " + style.bold(fuel.cost.formatted(language))
                + language.pick(" (rounded half up to the yen)", "（円未満を四捨五入）") + "\n"
        }
        return out
    }

    /// "¥175/L", "¥174.5/L" / "175円/L"
    static func perLitre(_ price: Hundredths, _ language: Language) -> String {
        language.pick("¥\(price.text)/L", "\(price.text)円/L")
    }
}

extension JSONRenderer {
    /// The calculation's fields: `"km"`, `"kmPerLitre"`, `"yenPerLitre"`, `"litres"` (to 0.01), `"cost"` (yen,
    /// rounded half up), `"exact"` (whether no rounding was needed), `"rounding": "half-up"`.
    public static func fuel(_ fuel: FuelCost) -> [(String, JSONValue)] {
        func decimal(_ hundredths: Int) -> JSONValue {
            hundredths % 100 == 0 ? .integer(hundredths / 100) : .number(Double(hundredths) / 100)
        }
        return [
            ("km", decimal(fuel.distance.units)), ("kmPerLitre", decimal(fuel.economy.units)),
            ("yenPerLitre", decimal(fuel.price.units)), ("litres", decimal(fuel.litres.rounded(places: 2))),
            ("cost", .integer(fuel.cost.amount)), ("exact", .bool(fuel.exactCost.isWhole)), ("rounding", .string("half-up")),
        ]
    }
}
