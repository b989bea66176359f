//! The demo community's conversations: members in the four rooms with a few messages each, chats
//! between connected people, and each project team's discussion, all in the past, all read except
//! the latest of each, so the Ideate screen opens on a living community.

use std::collections::HashMap;

use crate::{db::Tx, time::HOUR_MS};

const ROOM_LINES: [(&str, [&str; 4]); 4] = [
    (
        "tech",
        [
            "Anyone else moving their side project from Postgres to SQLite for the single-binary life?",
            "Only for the small ones. Once you need two instances it's back to Postgres.",
            "Rust + axum has been a joy for APIs. Compile times less so on my laptop.",
            "Tip: a shared target dir across projects saves a lot of rebuilding.",
        ],
    ),
    (
        "startups",
        [
            "Week 3 of customer interviews. Ten calls, two people said they'd pay. Is that a signal?",
            "Two out of ten who'd pay before a product exists is a great signal. Ask them for a deposit.",
            "We launched on Product Hunt yesterday: 40 sign-ups, 3 paying. Small but real.",
            "Congrats! Now email every one of those 40 personally.",
        ],
    ),
    (
        "explorers",
        [
            "Found a great paper on community solar co-ops in West Africa. Sharing in the files channel later.",
            "Has anyone mapped which UK councils fund repair cafés? Could help a couple of projects here.",
            "I can help with that, I did something similar for libraries last year.",
            "Research Hub is the best room on Grow, change my mind.",
        ],
    ),
    (
        "investors",
        [
            "Seeing a lot of climate hardware at pre-seed this quarter. Anyone else?",
            "Yes, and most underestimate certification costs. Budget for it early.",
            "Glowride's prototype numbers look promising. Worth a look.",
            "Agreed. Strong founder, repair-first story resonates.",
        ],
    ),
];

const DIRECT_LINES: [&str; 4] = [
    "Hey! Saw your profile, love what you're building.",
    "Thanks! Would be great to swap notes sometime.",
    "Free for a call on Thursday?",
    "Thursday works. I'll send a link.",
];

async fn conversation(
    tx: &mut Tx,
    key: &str,
    kind: &str,
    pair: Option<(i64, i64)>,
    project: Option<i64>,
    room: Option<&str>,
    at: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO conversations (conversation_key, kind, low_id, high_id, project_id, room, last_message_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind(key)
    .bind(kind)
    .bind(pair.map(|p| p.0))
    .bind(pair.map(|p| p.1))
    .bind(project)
    .bind(room)
    .bind(at)
    .fetch_one(&mut **tx)
    .await
}

/// Writes the messages in order, an hour apart, ending at `end`; everyone has read all but the last.
async fn thread(
    tx: &mut Tx,
    conversation: i64,
    lines: &[(i64, &str)],
    receiver: impl Fn(i64) -> Option<i64>,
    readers: &[i64],
    end: i64,
) -> Result<(), sqlx::Error> {
    let mut last = 0;
    let mut before_last = 0;
    for (k, (sender, text)) in lines.iter().enumerate() {
        let at = end - (lines.len() - 1 - k) as i64 * HOUR_MS;
        before_last = last;
        last = sqlx::query_scalar(
            "INSERT INTO messages (conversation_id, sender_id, receiver_id, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(conversation)
        .bind(sender)
        .bind(receiver(*sender))
        .bind(*text)
        .bind(at)
        .fetch_one(&mut **tx)
        .await?;
    }
    let last_sender = lines.last().map(|l| l.0);
    for reader in readers {
        let read = if Some(*reader) == last_sender { last } else { before_last };
        sqlx::query("INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES ($1, $2, $3)")
            .bind(conversation)
            .bind(reader)
            .bind(read)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

pub async fn seed(tx: &mut Tx, people: &[(i64, String)], now: i64) -> anyhow::Result<()> {
    let ids: Vec<i64> = people.iter().map(|p| p.0).collect();
    let role_of: HashMap<i64, &str> = people.iter().map(|(id, role)| (*id, role.as_str())).collect();
    // Rooms: by role first, then a second room for every third person.
    for (i, id) in ids.iter().enumerate() {
        let first = match role_of.get(id).copied() {
            Some("innovator") => "startups",
            Some("investor") => "investors",
            Some("collaborator") => "tech",
            _ => "explorers",
        };
        let second = ["tech", "startups", "explorers", "investors"][i % 4];
        for room in if i % 3 == 0 && second != first { vec![first, second] } else { vec![first] } {
            sqlx::query("INSERT INTO community_members (room, user_id, joined_at) VALUES ($1, $2, $3)")
                .bind(room)
                .bind(id)
                .bind(now - 20 * 24 * HOUR_MS)
                .execute(&mut **tx)
                .await?;
        }
    }
    for (r, (room, lines)) in ROOM_LINES.iter().enumerate() {
        let members: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM community_members WHERE room = $1 ORDER BY user_id")
                .bind(*room)
                .fetch_all(&mut **tx)
                .await?;
        if members.len() < 2 {
            continue;
        }
        let end = now - (r as i64 + 1) * 3 * HOUR_MS;
        let conversation = conversation(tx, &format!("room:{room}"), "room", None, None, Some(room), end).await?;
        let said: Vec<(i64, &str)> =
            lines.iter().enumerate().map(|(k, line)| (members[(k * 3 + r) % members.len()], *line)).collect();
        thread(tx, conversation, &said, |_| None, &members, end).await?;
    }
    // Direct chats along the first accepted connections.
    let pairs: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT low_id, high_id FROM connections WHERE status = 'accepted' AND type = 'connection' ORDER BY id LIMIT 12",
    )
    .fetch_all(&mut **tx)
    .await?;
    for (k, (low, high)) in pairs.iter().enumerate() {
        let end = now - (k as i64 + 2) * 5 * HOUR_MS;
        let conversation =
            conversation(tx, &format!("direct:{low}:{high}"), "direct", Some((*low, *high)), None, None, end).await?;
        let said: Vec<(i64, &str)> =
            DIRECT_LINES.iter().enumerate().map(|(j, line)| (if j % 2 == 0 { *low } else { *high }, *line)).collect();
        let (a, b) = (*low, *high);
        thread(tx, conversation, &said, move |sender| Some(if sender == a { b } else { a }), &[a, b], end).await?;
    }
    // Each project team's discussion.
    let projects: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT id, owner_id, title FROM projects ORDER BY id").fetch_all(&mut **tx).await?;
    for (k, (project, owner, title)) in projects.iter().enumerate() {
        let team: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM project_collaborators WHERE project_id = $1 ORDER BY id")
                .bind(project)
                .fetch_all(&mut **tx)
                .await?;
        let Some(&mate) = team.first() else { continue };
        let end = now - (k as i64 + 1) * 7 * HOUR_MS;
        let conversation =
            conversation(tx, &format!("project:{project}"), "project", None, Some(*project), None, end).await?;
        let kickoff = format!("Welcome to the {title} team chat! Let's use this for day-to-day decisions.");
        let lines: Vec<(i64, &str)> = vec![
            (*owner, kickoff.as_str()),
            (mate, "Great to be here. I've picked up my first task."),
            (*owner, "Brilliant. Shout if anything's blocked."),
        ];
        let mut readers = team.clone();
        readers.push(*owner);
        thread(tx, conversation, &lines, |_| None, &readers, end).await?;
    }
    Ok(())
}
