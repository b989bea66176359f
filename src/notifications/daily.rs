//! The `daily_motivation` job: once a UTC day, each active person gets one encouraging note.
//! "Once" is a unique key (`once_key = daily_motivation:YYYY-MM-DD` per user), so running the job
//! twice, or on several instances at once, never gives anyone a second note that day.

use std::time::Duration;

use super::{model::Kind, notify, store, NewNotification};
use crate::{db::Tx, state::AppState};

pub const NAME: &str = "daily_motivation";
/// The job looks every hour; only the first round of a day finds anyone without their note.
pub const PERIOD: Duration = Duration::from_secs(60 * 60);

/// (title, message): written for Grow, one picked per person and day so neighbours differ.
const NOTES: &[(&str, &str)] = &[
    (
        "Your daily spark",
        "Small steps compound. Post one update on your project today and let your supporters see it grow.",
    ),
    (
        "Someone needs your skills",
        "There are projects looking for exactly what you do. Swipe through a few on Explore.",
    ),
    (
        "Ideas love company",
        "Share an idea in a community room today. The best projects start as a half-finished thought.",
    ),
    ("Keep the streak alive", "Log in, scratch your card and keep your streak going. Consistency is a superpower."),
    ("Say hello to a builder", "Send one connection request today. Most great teams start with a simple hello."),
    ("Feedback is a gift", "Leave thoughtful feedback on a project you like. Builders remember who helped them early."),
    ("Finish one thing", "Pick one small task and mark it done. Momentum beats motivation."),
    ("Your network is your net worth", "Check who is near you and see what they are building."),
    ("Show your work", "A photo, a sketch, a screenshot: updates with images get noticed. Share your progress."),
    ("Back someone today", "Support a project that made you smile. It costs nothing and means a lot."),
    ("Learn out loud", "Write down one thing you learned this week and share it with your collaborators."),
    (
        "Dream a little bigger",
        "What would your project look like in a year? Add it to your description and invite people in.",
    ),
    ("Be the first reply", "Somebody asked a question in a room. Your answer could unblock their whole week."),
    ("Good morning, maker", "Today is a fine day to start. Open Grow and move one idea forward."),
    ("Coins are waiting", "Complete a task, support a project or connect with someone to earn coins today."),
    ("Ask for help", "Stuck? Update your Looking For and let collaborators find you."),
    ("Celebrate a win", "Did something go right this week? Post it. Wins are contagious."),
    ("Quality over quantity", "One meaningful conversation beats ten quick likes. Reach out to someone you admire."),
    ("Your profile, your pitch", "Add a skill or two to your profile so the right people can find you."),
    ("Keep growing", "Every project on Grow began with someone like you deciding to try. Keep going."),
];

/// The note for a person on a day: varied across people and days, stable within a day.
fn note_for(user_id: i64, day: i64) -> (&'static str, &'static str) {
    let len = i64::try_from(NOTES.len()).unwrap_or(1);
    let index = (user_id.wrapping_mul(31).wrapping_add(day.wrapping_mul(7))).rem_euclid(len);
    NOTES[usize::try_from(index).unwrap_or(0)]
}

/// Gives one person today's note unless they have it already; true when it was given now.
/// The job calls it for everyone active, and a login calls it for the person logging in, so a
/// newcomer meets their first note at once rather than at the next round.
pub async fn give_today(tx: &mut Tx, user_id: i64) -> Result<bool, sqlx::Error> {
    let now = chrono::Utc::now();
    let day = now.timestamp().div_euclid(86_400);
    let once_key = format!("{NAME}:{}", now.format("%Y-%m-%d"));
    let (title, message) = note_for(user_id, day);
    let new = NewNotification {
        user_id,
        actor: None,
        kind: Kind::DailyMotivation,
        title,
        message,
        data: serde_json::json!({ "url": "/" }),
        once_key: Some(&once_key),
    };
    Ok(notify(tx, &new).await?.is_some())
}

pub async fn run_once(state: &AppState) -> anyhow::Result<String> {
    let people = store::active_user_ids(&mut *state.db.conn().await?).await?;
    let mut given = 0usize;
    // In chunks, so a large community never holds the writer for long.
    for chunk in people.chunks(200) {
        let mut tx = state.db.begin().await?;
        for &user_id in chunk {
            given += usize::from(give_today(&mut tx, user_id).await?);
        }
        tx.commit().await?;
    }
    Ok(format!("gave {given} of {} active people their note for today", people.len()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn notes_vary_between_people_and_days() {
        let today: Vec<_> = (1..=5).map(|u| super::note_for(u, 20_000)).collect();
        assert!(today.windows(2).all(|w| w[0] != w[1]));
        assert_ne!(super::note_for(1, 20_000), super::note_for(1, 20_001));
        assert_eq!(super::note_for(1, 20_000), super::note_for(1, 20_000));
    }
}
