//! A matcher for the simplest `pattern`s, the ones tools use for identifiers and dates
//! (`^logs-\d{4}-\d{2}$`, `^[a-z0-9_-]+$`): a sequence of single characters, `\d` and
//! bracketed sets of characters and ranges, each with a greedy quantifier, optionally anchored.
//! Anything else (groups, alternation, `.`, `\w`, `\s`, negated sets, lazy quantifiers) is left
//! to the engine's regex, and so is a match that takes too many steps. Code points, as the
//! engine's regex reads them.

/// Steps a match may take before it is left to the engine.
const STEP_LIMIT: u32 = 10_000;
/// The most atoms and the largest bounded count a pattern may have.
const MAX_ATOMS: usize = 32;
const MAX_COUNT: u32 = 1_000;

/// A compiled simple pattern.
#[derive(Debug)]
pub struct Simple {
    start: bool,
    end: bool,
    atoms: Vec<Atom>,
}

#[derive(Debug)]
struct Atom {
    /// Inclusive ranges of code points; one character is a range of one.
    set: Vec<(char, char)>,
    min: u32,
    max: u32,
}

impl Simple {
    /// Compiles `pattern`, or `None` if it is not simple.
    pub fn compile(pattern: &str) -> Option<Self> {
        let mut chars = pattern.chars().peekable();
        let start = chars.next_if_eq(&'^').is_some();
        let mut atoms = Vec::new();
        let mut end = false;
        while let Some(c) = chars.next() {
            if end {
                return None;
            }
            let set = match c {
                '$' => {
                    end = true;
                    continue;
                }
                '\\' => escape(chars.next()?)?,
                '[' => {
                    let mut set = Vec::new();
                    let mut first = true;
                    loop {
                        let c = chars.next()?;
                        if c == ']' && !first {
                            break;
                        }
                        first = false;
                        let low = match c {
                            '\\' => escape(chars.next()?)?,
                            '^' | '[' | ']' | '&' | '~' | '-' => return None,
                            c => vec![(c, c)],
                        };
                        if chars.peek() == Some(&'-') {
                            chars.next();
                            let high = chars.next()?;
                            let [(a, a2)] = low.as_slice() else {
                                return None;
                            };
                            if a != a2 || !high.is_alphanumeric() || high < *a {
                                return None;
                            }
                            set.push((*a, high));
                        } else {
                            set.extend(low);
                        }
                    }
                    set
                }
                c if c.is_alphanumeric()
                    || matches!(
                        c,
                        ' ' | '-'
                            | '_'
                            | '/'
                            | ':'
                            | '@'
                            | ','
                            | '='
                            | '\''
                            | '"'
                            | '%'
                            | '!'
                            | '<'
                            | '>'
                            | ';'
                    ) =>
                {
                    vec![(c, c)]
                }
                _ => return None,
            };
            let (min, max) = match chars.next_if(|c| matches!(c, '*' | '+' | '?')) {
                Some('*') => (0, u32::MAX),
                Some('+') => (1, u32::MAX),
                Some(_) => (0, 1),
                None if chars.next_if_eq(&'{').is_some() => {
                    let mut text = String::new();
                    for c in chars.by_ref() {
                        if c == '}' {
                            break;
                        }
                        text.push(c);
                    }
                    let (min, max) = match text.split_once(',') {
                        None => (count(&text)?, count(&text)?),
                        Some((min, "")) => (count(min)?, u32::MAX),
                        Some((min, max)) => (count(min)?, count(max)?),
                    };
                    if min > max {
                        return None;
                    }
                    (min, max)
                }
                None => (1, 1),
            };
            if matches!(chars.peek(), Some('*' | '+' | '?' | '{')) {
                return None;
            }
            atoms.push(Atom { set, min, max });
            if atoms.len() > MAX_ATOMS {
                return None;
            }
        }
        Some(Self { start, end, atoms })
    }

    /// Whether `text` matches, or `None` if it took too many steps.
    pub fn is_match(&self, text: &str) -> Option<bool> {
        let mut steps = 0;
        if self.start {
            return self.from(0, text, 0, &mut steps);
        }
        for (at, _) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            if self.from(0, text, at, &mut steps)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether atoms `atom..` match `text` from byte `pos` (greedy, backtracking).
    fn from(&self, atom: usize, text: &str, pos: usize, steps: &mut u32) -> Option<bool> {
        *steps += 1;
        if *steps > STEP_LIMIT {
            return None;
        }
        let Some(Atom { set, min, max }) = self.atoms.get(atom) else {
            return Some(!self.end || pos == text.len());
        };
        let rest = text.get(pos..)?;
        let mut end = pos;
        let mut taken = 0u32;
        for c in rest.chars() {
            if taken == *max || !set.iter().any(|&(a, b)| a <= c && c <= b) {
                break;
            }
            end += c.len_utf8();
            taken += 1;
        }
        loop {
            if taken < *min {
                return Some(false);
            }
            if self.from(atom + 1, text, end, steps)? {
                return Some(true);
            }
            if taken == *min {
                return Some(false);
            }
            let back = text.get(pos..end)?.chars().next_back()?;
            end -= back.len_utf8();
            taken -= 1;
        }
    }
}

/// The set of an escape: `\d`, or a punctuation character itself.
fn escape(c: char) -> Option<Vec<(char, char)>> {
    match c {
        'd' => Some(vec![('0', '9')]),
        c if c.is_ascii_punctuation() => Some(vec![(c, c)]),
        _ => None,
    }
}

/// A quantifier count.
fn count(text: &str) -> Option<u32> {
    let n: u32 = text.parse().ok()?;
    (n <= MAX_COUNT && !text.starts_with('+')).then_some(n)
}
