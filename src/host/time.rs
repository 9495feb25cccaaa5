//! RFC 3339 date-times as milliseconds since the Unix epoch, for poll timing. Strict: the full
//! `date-time` production only (`2025-11-25T10:00:00.5+01:00`), no partial dates.

/// Milliseconds since 1970-01-01T00:00:00Z of an RFC 3339 `date-time`, or `None` if `text` is not
/// one. Fractions beyond milliseconds are truncated; a leap second counts as second 59.
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let digits = |from: usize, len: usize| -> Option<i64> {
        let part = b.get(from..from + len)?;
        part.iter().try_fold(0i64, |acc, &d| {
            d.is_ascii_digit().then(|| acc * 10 + i64::from(d - b'0'))
        })
    };
    let at = |i: usize, allowed: &[u8]| b.get(i).is_some_and(|c| allowed.contains(c));
    if !(at(4, b"-") && at(7, b"-") && at(10, b"Tt ") && at(13, b":") && at(16, b":")) {
        return None;
    }
    let (year, month, day) = (digits(0, 4)?, digits(5, 2)?, digits(8, 2)?);
    let (hour, minute, second) = (digits(11, 2)?, digits(14, 2)?, digits(17, 2)?);
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut i = 19;
    let mut millis = 0;
    if at(i, b".") {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            if i - start < 3 {
                millis = millis * 10 + digits(i, 1)?;
            }
            i += 1;
        }
        if i == start {
            return None;
        }
        millis *= 10i64.pow(3u32.saturating_sub((i - start) as u32));
    }
    let offset_minutes = if at(i, b"Zz") && b.len() == i + 1 {
        0
    } else if at(i, b"+-") && at(i + 3, b":") && b.len() == i + 6 {
        let (h, m) = (digits(i + 1, 2)?, digits(i + 4, 2)?);
        if h > 23 || m > 59 {
            return None;
        }
        let sign = if at(i, b"-") { -1 } else { 1 };
        sign * (h * 60 + m)
    } else {
        return None;
    };
    let seconds =
        days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second.min(59);
    Some((seconds - offset_minutes * 60) * 1000 + millis)
}

/// The UTC RFC 3339 text of `ms` milliseconds since the epoch, with a fraction only when needed.
pub fn format_rfc3339(ms: i64) -> String {
    let (days, in_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    let (year, month, day) = civil_from_days(days);
    let (secs, millis) = (in_day / 1000, in_day % 1000);
    let time = format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    let fraction = if millis == 0 {
        String::new()
    } else {
        format!(".{millis:03}")
    };
    format!("{year:04}-{month:02}-{day:02}T{time}{fraction}Z")
}

/// Days in `month` (1-12) of `year` in the proleptic Gregorian calendar.
fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a civil date (H. Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01 (inverse of [`days_from_civil`]).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if month <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        month,
        day,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_offsets_and_fractions() {
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_rfc3339("1970-01-01T01:00:00.5+01:00"), Some(500));
        assert_eq!(
            parse_rfc3339("2000-02-29t12:00:00.123456z"),
            Some(951_825_600_123)
        );
        assert_eq!(parse_rfc3339("1969-12-31T23:59:59.999Z"), Some(-1));
    }

    #[test]
    fn rejects_what_is_not_a_date_time() {
        for bad in [
            "2025-11-25",
            "2025-02-29T00:00:00Z",
            "2025-11-25T24:00:00Z",
            "2025-11-25T10:00:00",
            "2025-11-25T10:00:00.Z",
            "2025-11-25T10:00:00+0100",
            "2025-11-25T10:00:00Zx",
            "２025-11-25T10:00:00Z",
        ] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn formats_back_to_utc() {
        for text in [
            "2026-11-07T02:10:10Z",
            "1999-12-31T23:59:59.250Z",
            "1969-07-20T20:17:40Z",
        ] {
            assert_eq!(
                parse_rfc3339(text).map(format_rfc3339).as_deref(),
                Some(text)
            );
        }
    }
}
