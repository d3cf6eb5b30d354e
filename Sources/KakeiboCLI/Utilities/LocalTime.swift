import KakeiboKit

extension Clock {
    /// The instant on the user's wall clock (the TZ time zone), with the offset in force at that instant.
    package static func local(_ timestamp: Timestamp) -> LocalDateTime {
        var seconds = time_t(timestamp.milliseconds / 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalDateTime(timestamp, offsetSeconds: Int(parts.tm_gmtoff))
    }
}
