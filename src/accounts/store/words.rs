//! The index user search reads (API.md "Limits and fair play": user search uses an index, no read scans a whole
//! table): each word of a person's name, username and skills, folded to lower case without accents, in
//! `user_words`. A word typed into the search matches every stored word it begins, as one range of that index.

use crate::{
    db::{Db, Tx},
    search::text::words,
};

/// At most this many words of a question narrow the answer; the rest are not read.
pub const MAX_QUESTION_WORDS: usize = 6;

/// The words a person is found by: of their name, username and skills, each once.
fn words_of(first_name: &str, last_name: &str, username: &str, skills: &str) -> Vec<String> {
    let mut all: Vec<String> = [first_name, last_name, username, skills].iter().flat_map(|text| words(text)).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The words of a question, as the index holds them.
pub fn question_words(q: &str) -> Vec<String> {
    let mut all = words(q);
    all.dedup();
    all.truncate(MAX_QUESTION_WORDS);
    all
}

/// The lowest value after every word that begins with `word` (a bound of its range in the index).
pub fn past_prefix(word: &str) -> String {
    format!("{word}\u{10FFFF}")
}

/// Writes a person's words anew (at sign-up and after each change of name or skills).
pub async fn set(
    tx: &mut Tx,
    user_id: i64,
    first_name: &str,
    last_name: &str,
    username: &str,
    skills: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM user_words WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    let words = words_of(first_name, last_name, username, skills);
    if words.is_empty() {
        return Ok(());
    }
    let values: Vec<String> = (0..words.len()).map(|i| format!("(${}, $1)", i + 2)).collect();
    let sql = format!("INSERT INTO user_words (word, user_id) VALUES {}", values.join(", "));
    let mut query = sqlx::query(&sql).bind(user_id);
    for word in &words {
        query = query.bind(word.as_str());
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

/// Indexes everyone not indexed yet (the people of a database made before the index), a batch at a time.
pub async fn index_the_rest(db: &Db) -> Result<(), sqlx::Error> {
    loop {
        let mut tx = db.begin().await?;
        let people: Vec<(i64, String, String, String, String)> = sqlx::query_as(
            "SELECT u.id, u.first_name, u.last_name, u.username, u.skills FROM users u \
             WHERE NOT EXISTS (SELECT 1 FROM user_words w WHERE w.user_id = u.id) LIMIT 500",
        )
        .fetch_all(&mut *tx)
        .await?;
        if people.is_empty() {
            return Ok(());
        }
        for (id, first_name, last_name, username, skills) in &people {
            set(&mut tx, *id, first_name, last_name, username, skills).await?;
        }
        tx.commit().await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_found_by_each_word_of_their_name_username_and_skills_folded() {
        let got = words_of("Zoë", "Gdańsk-Nowak", "zoe_builds", r#"["Next.js","C++"]"#);
        for word in ["zoe", "gdansk", "nowak", "builds", "next", "js", "c++"] {
            assert!(got.contains(&word.to_string()), "{word} in {got:?}");
        }
        assert_eq!(got.iter().filter(|w| *w == "zoe").count(), 1, "each word once");
        assert!(past_prefix("zo").as_str() > "zoe" && "zo" <= "zoe");
    }
}
