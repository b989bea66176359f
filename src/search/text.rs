//! Words out of text: folded to lowercase ASCII, split on what is not a letter or digit (keeping the
//! few skills whose names are symbols, such as C++ and C#), with common endings taken off so that
//! "games", "gaming" and "game" meet, and the edit distance that forgives a typo.

/// Lowercase, accents removed (é → e, ã → a), everything else kept.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        // Most text is ASCII: one comparison instead of the table below and a Unicode lowercase.
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            continue;
        }
        let c = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ą' | 'ă' | 'ā' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ą' | 'Ă'
            | 'Ā' => 'a',
            'ç' | 'ć' | 'č' | 'Ç' | 'Ć' | 'Č' => 'c',
            'ď' | 'đ' | 'Ď' | 'Đ' => 'd',
            'è' | 'é' | 'ê' | 'ë' | 'ę' | 'ě' | 'ē' | 'È' | 'É' | 'Ê' | 'Ë' | 'Ę' | 'Ě' | 'Ē' => 'e',
            'ğ' | 'Ğ' => 'g',
            'ì' | 'í' | 'î' | 'ï' | 'ı' | 'ī' | 'Ì' | 'Í' | 'Î' | 'Ï' | 'İ' | 'Ī' => 'i',
            'ł' | 'ľ' | 'Ł' | 'Ľ' => 'l',
            'ñ' | 'ń' | 'ň' | 'Ñ' | 'Ń' | 'Ň' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ő' | 'ō' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ő' | 'Ō' => {
                'o'
            }
            'ř' | 'Ř' => 'r',
            'ś' | 'š' | 'ş' | 'ș' | 'Ś' | 'Š' | 'Ş' | 'Ș' => 's',
            'ť' | 'ţ' | 'ț' | 'Ť' | 'Ţ' | 'Ț' => 't',
            'ù' | 'ú' | 'û' | 'ü' | 'ů' | 'ű' | 'ū' | 'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ů' | 'Ű' | 'Ū' => 'u',
            'ý' | 'ÿ' | 'Ý' => 'y',
            'ź' | 'ż' | 'ž' | 'Ź' | 'Ż' | 'Ž' => 'z',
            '’' | '‘' => '\'',
            _ => c,
        };
        out.extend(c.to_lowercase());
    }
    out
}

/// The words of a text, folded, in order (not stemmed).
pub fn words(text: &str) -> Vec<String> {
    folded_words(&fold(text)).map(str::to_owned).collect()
}

/// The words of text already [`fold`]ed, as slices of it, in order (not stemmed): a word is a run of letters
/// and digits, with the symbols of a name after it ("c++", "c#") and an apostrophe between letters
/// ("o'connor"); a trailing "'s" is not part of it ("founder's" is "founder"). Indexing reads every word of
/// every document here, so nothing is copied.
pub fn folded_words(folded: &str) -> impl Iterator<Item = &str> + '_ {
    let mut chars = folded.char_indices().peekable();
    std::iter::from_fn(move || {
        let mut start = None;
        let mut end = 0;
        while let Some((at, c)) = chars.next() {
            let inside = start.is_some();
            let part = c.is_alphanumeric()
                || (inside && (c == '+' || c == '#'))
                || (inside && c == '\'' && chars.peek().is_some_and(|(_, next)| next.is_alphabetic()));
            if part {
                start.get_or_insert(at);
                end = at + c.len_utf8();
            } else if inside {
                break;
            }
        }
        let word = &folded[start?..end];
        Some(word.strip_suffix("'s").unwrap_or(word))
    })
}

/// A light English stemmer: plurals and the common verb and agent endings. Short words and
/// words with symbols are left alone.
pub fn stem(word: &str) -> String {
    let mut b = String::with_capacity(word.len() + 1);
    stem_into(word, &mut b);
    b
}

/// [`stem`] written into `b` (emptied first): indexing stems every word of every document into one buffer.
pub fn stem_into(word: &str, b: &mut String) {
    b.clear();
    b.push_str(word);
    if word.len() <= 3 || !word.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return;
    }
    // The buffer is cut in place. ASCII only, so cutting at a byte is cutting at a letter.
    // Each ending below applies only when what is left keeps its length (`rest`); the first that applies wins.
    let ends = |b: &str, suffix: &str, rest: usize| b.ends_with(suffix) && b.len() - suffix.len() >= rest;
    if ends(b.as_str(), "ies", 3) {
        b.truncate(b.len() - 3);
        b.push('y');
    } else if ends(b.as_str(), "sses", 3) {
        b.truncate(b.len() - 2);
    } else if !(b.ends_with("ss") || b.ends_with("us") || b.ends_with("is")) && ends(b.as_str(), "s", 3) {
        b.truncate(b.len() - 1);
    }
    // "robotics"/"robotic"/"robot", "ceramics"/"ceramic": the adjective and the field meet their noun.
    if ends(b.as_str(), "ic", 5) {
        b.truncate(b.len() - 2);
    }
    if ends(b.as_str(), "ing", 3) || ends(b.as_str(), "ers", 3) {
        b.truncate(b.len() - 3);
    } else if ends(b.as_str(), "er", 4) || ends(b.as_str(), "ed", 4) {
        b.truncate(b.len() - 2);
    }
    // "designing"/"designer"/"designed" → "design"; "coding" → "cod" and "code" → "cod" both.
    if ends(b.as_str(), "e", 3) {
        b.truncate(b.len() - 1);
    }
    // "running" → "runn" → "run".
    let bytes = b.as_bytes();
    if bytes.len() >= 4 && bytes[bytes.len() - 1] == bytes[bytes.len() - 2] && !b"lsz".contains(&bytes[bytes.len() - 1])
    {
        b.truncate(b.len() - 1);
    }
}

/// Words that carry no meaning in a question.
pub fn is_stopword(word: &str) -> bool {
    const STOP: &[&str] = &[
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
        "who",
        "whom",
        "which",
        "that",
        "this",
        "these",
        "those",
        "is",
        "are",
        "was",
        "be",
        "been",
        "i",
        "me",
        "my",
        "we",
        "our",
        "us",
        "you",
        "your",
        "find",
        "show",
        "search",
        "looking",
        "look",
        "need",
        "needs",
        "want",
        "wants",
        "wanting",
        "some",
        "someone",
        "somebody",
        "anyone",
        "anybody",
        "people",
        "person",
        "folks",
        "any",
        "all",
        "can",
        "could",
        "would",
        "should",
        "will",
        "help",
        "get",
        "give",
        "list",
        "from",
        "into",
        "about",
        "like",
        "know",
        "knows",
        "knowing",
        "good",
        "great",
        "best",
        "top",
        "new",
        "please",
        "there",
        "here",
        "what",
        "where",
        "how",
        "do",
        "does",
        "have",
        "has",
        "it",
        "its",
        "them",
        "they",
        "their",
        "more",
        "other",
        "than",
        "so",
        "as",
        "also",
        "just",
        "work",
        "working",
        "works",
        "build",
        "building",
        "builds",
        "make",
        "making",
        "with",
        "skill",
        "skills",
        "skilled",
        "experience",
        "experienced",
        "using",
        "use",
        "uses",
        "based",
        "live",
        "lives",
        "living",
        "located",
        "around",
        "nearby",
        "near",
        "close",
        "seeking",
        "seek",
        "wanted",
        "interested",
        "interest",
        "interests",
        "passionate",
        "keen",
        "stage",
        "phase",
        // Words of time and degree, which say how, not what ("projects still at the idea stage").
        "still",
        "already",
        "currently",
        "now",
        "really",
        "actually",
        "very",
        "quite",
        "maybe",
        "perhaps",
        "especially",
        "mainly",
        "mostly",
        "yet",
        // As empty as "people" before a field or a trade ("healthcare workers", "tech professionals").
        "worker",
        "workers",
        "professionals",
    ];
    STOP.contains(&word)
}

/// Damerau-Levenshtein distance (adjacent swaps count once), giving up past `limit`.
pub fn distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let (n, m) = (a.len(), b.len());
    let mut prev2 = vec![0usize; m + 1];
    let mut prev: Vec<usize> = (0..=m).collect();
    let mut cur = vec![0usize; m + 1];
    for i in 1..=n {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    Some(prev[m]).filter(|d| *d <= limit)
}

/// How many typos a word of this length may carry and still be recognised.
pub fn typo_budget(word: &str) -> usize {
    match word.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stemmer as first written (a chain of copies): the one above must cut every word the same way.
    fn stem_as_written(word: &str) -> String {
        if word.len() <= 3 || !word.chars().all(|c| c.is_ascii_alphanumeric()) {
            return word.to_string();
        }
        let strip = |w: &str, suffix: &str, keep: usize| -> Option<String> {
            w.strip_suffix(suffix).filter(|rest| rest.len() >= keep).map(str::to_owned)
        };
        let w = word;
        let base = strip(w, "ies", 3)
            .map(|r| r + "y")
            .or_else(|| strip(w, "sses", 3).map(|r| r + "ss"))
            .or_else(
                || if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") { None } else { strip(w, "s", 3) },
            )
            .unwrap_or_else(|| w.to_string());
        // "robotics"/"robotic"/"robot", "ceramics"/"ceramic": the adjective and the field meet their noun.
        let base = strip(&base, "ic", 5).unwrap_or(base);
        let base = strip(&base, "ing", 3)
            .or_else(|| strip(&base, "ers", 3))
            .or_else(|| strip(&base, "er", 4))
            .or_else(|| strip(&base, "ed", 4))
            .unwrap_or(base);
        // "designing"/"designer"/"designed" → "design"; "coding" → "cod" and "code" → "cod" both.
        let base = base.strip_suffix('e').filter(|r| r.len() >= 3).map(str::to_owned).unwrap_or(base);
        // "running" → "runn" → "run".
        let bytes = base.as_bytes();
        if bytes.len() >= 4
            && bytes[bytes.len() - 1] == bytes[bytes.len() - 2]
            && !b"lsz".contains(&bytes[bytes.len() - 1])
        {
            return base[..base.len() - 1].to_string();
        }
        base
    }

    #[test]
    fn the_stemmer_cuts_as_first_written() {
        let lexicon = super::super::lexicon::CATALOGUE
            .iter()
            .chain(super::super::lexicon::PROJECT_WORDS)
            .chain(super::super::lexicon::PEOPLE_WORDS)
            .flat_map(|text| words(text));
        let endings =
            ["", "s", "es", "ies", "sses", "ing", "ings", "er", "ers", "ed", "e", "ic", "ics", "ss", "us", "is"];
        let mut checked = 0;
        for base in lexicon
            .chain(["a", "ab", "abc", "abcd", "bus", "class", "city", "run", "runn", "c++", "x1"].map(String::from))
        {
            for ending in endings {
                let word = format!("{base}{ending}");
                assert_eq!(stem(&word), stem_as_written(&word), "{word}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The word splitter as first written (a copy of each word, then a copy without "'s").
    fn words_as_written(text: &str) -> Vec<String> {
        let folded = fold(text);
        let mut out = Vec::new();
        let mut word = String::new();
        let mut chars = folded.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_alphanumeric() {
                word.push(c);
            } else if (c == '+' || c == '#') && !word.is_empty() {
                word.push(c);
                while chars.peek() == Some(&'+') {
                    word.push('+');
                    chars.next();
                }
            } else if c == '\'' && chars.peek().is_some_and(|n| n.is_alphabetic()) && !word.is_empty() {
                word.push(c);
            } else if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
        out.into_iter()
            .map(|w| w.strip_suffix("'s").map(str::to_owned).unwrap_or(w))
            .filter(|w| !w.is_empty())
            .collect()
    }

    #[test]
    fn words_split_as_first_written() {
        let texts = super::super::lexicon::CATALOGUE
            .iter()
            .chain(super::super::lexicon::PROJECT_WORDS)
            .chain(super::super::lexicon::PEOPLE_WORDS)
            .copied()
            .chain([
                "",
                " ",
                "'s",
                "x's",
                "it's a founder's",
                "c++ c## c#+x c+ +c #c",
                "o'connor 'quoted' don't'",
                "UI/UX, B2B & e-commerce!",
                "São Paulo — Zürich · 東京 ",
                "a''b a'1 1'a",
                "end's",
                "tail+",
                "Ünïcödé ÀÉÎ ǅ İstanbul",
                "x\u{301}y",
                "  many   spaces\tand\nlines  ",
            ]);
        let mut checked = 0;
        for text in texts {
            assert_eq!(words(text), words_as_written(text), "{text:?}");
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn words_fold_accents_and_keep_symbol_names() {
        assert_eq!(words("Chloé knows C++, C# & UI/UX!"), ["chloe", "knows", "c++", "c#", "ui", "ux"]);
        assert_eq!(words("São Paulo founder's O'Connor"), ["sao", "paulo", "founder", "o'connor"]);
        assert_eq!(words("Gdańsk Łódź Brno-Žabovřesky Yılmaz"), ["gdansk", "lodz", "brno", "zabovresky", "yilmaz"]);
    }

    #[test]
    fn endings_meet() {
        for (a, b) in [
            ("games", "gaming"),
            ("designer", "designing"),
            ("developers", "develop"),
            ("studies", "study"),
            ("robotics", "robot"),
            ("ceramics", "ceramic"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} {b}");
        }
        assert_eq!(stem("business"), "business");
        assert_eq!(stem("react"), "react");
        assert_eq!(stem("music"), "music");
        assert_eq!(stem("public"), "public");
    }

    #[test]
    fn typos_within_budget() {
        assert_eq!(distance_within("pyhton", "python", 1), Some(1));
        assert_eq!(distance_within("figmaa", "figma", 1), Some(1));
        assert_eq!(distance_within("rust", "react", 1), None);
        assert_eq!(distance_within("javascrpit", "javascript", 2), Some(1));
    }
}
