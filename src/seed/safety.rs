//! The demo community's moderation queue: a few open reports among the demo people, so an
//! administrator (`grow admin grant`) opens `/admin` to real cases in context.

use crate::db::Tx;

pub async fn seed(tx: &mut Tx, now: i64) -> Result<(), sqlx::Error> {
    // A community message, the first person to post it reported by the next person in the room.
    let message: Option<(i64, i64)> = sqlx::query_as(
        "SELECT m.id, m.sender_id FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         WHERE c.kind = 'room' ORDER BY m.id DESC LIMIT 1",
    )
    .fetch_optional(&mut **tx)
    .await?;
    let project: Option<(i64, i64)> =
        sqlx::query_as("SELECT id, owner_id FROM projects WHERE is_published = 1 ORDER BY id DESC LIMIT 1")
            .fetch_optional(&mut **tx)
            .await?;
    let people: Vec<i64> = sqlx::query_scalar("SELECT id FROM users ORDER BY id LIMIT 6").fetch_all(&mut **tx).await?;
    let reporter = |not: i64| people.iter().copied().find(|p| *p != not);
    let mut reports: Vec<(&str, i64, i64, &str)> = Vec::new();
    if let Some((id, sender)) = message {
        reports.push(("message", id, sender, "This looks like a sales pitch posted in every room."));
    }
    if let Some((id, owner)) = project {
        reports.push(("project", id, owner, "I think this is a copy of another project's listing."));
    }
    if let Some(&person) = people.last() {
        reports.push(("user", person, person, "Sent me the same connection message three times."));
    }
    for (i, (kind, target, subject, reason)) in reports.into_iter().enumerate() {
        let Some(by) = reporter(subject) else { continue };
        sqlx::query(
            "INSERT INTO reports (reporter_id, target_type, target_id, subject_id, reason, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, 'open', $6)",
        )
        .bind(by)
        .bind(kind)
        .bind(target)
        .bind(subject)
        .bind(reason)
        .bind(now - (i as i64 + 1) * 3_600_000)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
