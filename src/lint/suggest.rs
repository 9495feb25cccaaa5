//! "Did you mean": the nearest word of a vocabulary by edit distance.

/// The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
/// substitutions and transpositions of adjacent characters each cost 1), compared without case.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let width = b.len() + 1;
    // rows[i * width + j]: the distance between a[..i] and b[..j].
    let mut rows = vec![0usize; (a.len() + 1) * width];
    let cell = |rows: &[usize], i: usize, j: usize| rows.get(i * width + j).copied().unwrap_or(0);
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            let value = if i == 0 || j == 0 {
                i + j
            } else {
                let same = a.get(i - 1) == b.get(j - 1);
                let mut best = (cell(&rows, i - 1, j) + 1)
                    .min(cell(&rows, i, j - 1) + 1)
                    .min(cell(&rows, i - 1, j - 1) + usize::from(!same));
                let swapped =
                    i > 1 && j > 1 && a.get(i - 1) == b.get(j - 2) && a.get(i - 2) == b.get(j - 1);
                if swapped {
                    best = best.min(cell(&rows, i - 2, j - 2) + 1);
                }
                best
            };
            if let Some(slot) = rows.get_mut(i * width + j) {
                *slot = value;
            }
        }
    }
    cell(&rows, a.len(), b.len())
}

/// The word of `vocabulary` nearest to `word`, if it is near enough to be a typo: at most one
/// edit for short words, a third of the word's length for longer ones. Ties go to the first.
pub fn nearest<'v>(word: &str, vocabulary: impl IntoIterator<Item = &'v str>) -> Option<&'v str> {
    let limit = (word.chars().count() / 3).max(1);
    vocabulary
        .into_iter()
        .filter(|candidate| *candidate != word)
        .map(|candidate| (distance(word, candidate), candidate))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, candidate)| candidate)
}

/// The allowed value nearest to `value`: a typo ([`nearest`]), a prefix (`obj` for `object`), or
/// a common synonym of a JSON type name (`int`, `float`, `bool`, `dict`, `list`, ...).
pub fn nearest_value<'v>(value: &str, allowed: &[&'v str]) -> Option<&'v str> {
    if let Some(found) = nearest(value, allowed.iter().copied()) {
        return Some(found);
    }
    let lower = value.to_lowercase();
    let synonym = match lower.as_str() {
        "int" | "long" | "short" | "int32" | "int64" | "uint" | "bigint" => Some("integer"),
        "float" | "double" | "decimal" | "real" | "numeric" => Some("number"),
        "bool" => Some("boolean"),
        "str" | "text" | "char" => Some("string"),
        "dict" | "map" | "record" | "hash" | "struct" => Some("object"),
        "list" | "tuple" | "set" | "vector" => Some("array"),
        "none" | "nil" => Some("null"),
        _ => None,
    };
    if let Some(found) = synonym.and_then(|s| allowed.iter().copied().find(|a| *a == s)) {
        return Some(found);
    }
    if lower.chars().count() < 2 {
        return None;
    }
    allowed
        .iter()
        .copied()
        .find(|a| a.to_lowercase().starts_with(&lower))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_transpositions_once() {
        assert_eq!(distance("maxLenght", "maxLength"), 1);
        assert_eq!(distance("requird", "required"), 1);
        assert_eq!(distance("MaxLength", "maxLength"), 0);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn nearest_finds_typos_only() {
        let words = ["maxLength", "minLength", "required", "type"];
        assert_eq!(nearest("maxLenght", words), Some("maxLength"));
        assert_eq!(nearest("requird", words), Some("required"));
        assert_eq!(nearest("colour", words), None);
        let types = [
            "array", "boolean", "integer", "null", "number", "object", "string",
        ];
        assert_eq!(nearest_value("obj", &types), Some("object"));
        assert_eq!(nearest_value("float", &types), Some("number"));
        assert_eq!(nearest_value("strnig", &types), Some("string"));
        assert_eq!(nearest_value("x", &types), None);
    }
}
