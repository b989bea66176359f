//! Common English words (`english.txt`, generated from Princeton WordNet by `scripts/lexicon/english.py`, licence
//! beside it): a word of a question that is one is what its asker meant, not a typo of another word ("guitar maker"
//! is not "guitar baker"). A typo of it is still read as the word it misspells.

const WORDS: &str = include_str!("english.txt");

/// Whether `word` is in the list: a binary search over its sorted lines, with no table to build (a question reads
/// it a few times).
fn listed(word: &str) -> bool {
    let text = WORDS;
    let bytes = text.as_bytes();
    let (mut low, mut high) = (0, bytes.len());
    while low < high {
        let middle = (low + high) / 2;
        // The start of the line `middle` falls in.
        let start = bytes[..middle].iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let end = bytes[start..].iter().position(|b| *b == b'\n').map_or(bytes.len(), |i| start + i);
        match text[start..end].cmp(word) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => low = end + 1,
            std::cmp::Ordering::Greater => high = start,
        }
    }
    false
}

/// Whether `word` is a common English word or a regular form of one ("makers", "exploring", "changed").
pub fn is_english(word: &str) -> bool {
    if listed(word) {
        return true;
    }
    let forms =
        [("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("ers", "er")];
    forms.iter().any(|(ending, put)| {
        word.strip_suffix(ending).is_some_and(|rest| rest.len() >= 3 && listed(&format!("{rest}{put}")))
    })
}

/// Whether reading `word` as `fixed` keeps it the same word in another form (the same beginning: all but its last
/// three letters), as "photographers" read as "photographer" does and "maker" read as "baker" does not.
pub fn same_word(word: &str, fixed: &str) -> bool {
    let keep = word.chars().count().saturating_sub(3).max(3);
    let start: String = word.chars().take(keep).collect();
    fixed.starts_with(&start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_words_and_their_forms_are_english_and_typos_are_not() {
        for word in ["maker", "makers", "guitar", "exploring", "career", "still", "abandon"] {
            assert!(is_english(word), "{word}");
        }
        for word in ["pharmasist", "desinger", "develper", "londn", "marketting", "zzzz"] {
            assert!(!is_english(word), "{word}");
        }
        assert!(same_word("photographers", "photographer"));
        assert!(!same_word("maker", "baker"));
    }
}
