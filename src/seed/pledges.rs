//! The demo investors' pledges: every state a pledge can be in (pending, active, declined,
//! completed), so an owner's book of pledges and an investor's portfolio tabs look lived in. Ledgerly
//! holds one of each; each investor has several.

use anyhow::Context;

use crate::db::Tx;

/// (investor, project title, pence, status, when in the project's life it came: tenths of its age,
/// what the investor wrote).
const PLEDGES: &[(&str, &str, i64, &str, i64, &str)] = &[
    (
        "helen_carter",
        "Ledgerly",
        2_500_000,
        "active",
        3,
        "Freelancers have needed this for years. Happy to help with the next hire too.",
    ),
    (
        "david_osei",
        "Ledgerly",
        1_500_000,
        "pending",
        8,
        "Keen to back you. Would love a call about SEIS before you close the round.",
    ),
    ("nathan_brooks", "Ledgerly", 800_000, "declined", 5, "Interested if you're open to an API for accountants."),
    ("omar_farouk", "Ledgerly", 1_000_000, "completed", 1, "Backing the team as much as the product. Go get them."),
    (
        "helen_carter",
        "Stemshare",
        500_000,
        "pending",
        7,
        "Creators deserve better tools than a shared drive. Count me in.",
    ),
    (
        "helen_carter",
        "Freelance Rate Index",
        250_000,
        "declined",
        6,
        "Small cheque to help you get the first survey out.",
    ),
    (
        "helen_carter",
        "ClassChat",
        1_000_000,
        "completed",
        2,
        "Impressive numbers for a launch. Let's get to 40,000 students.",
    ),
    (
        "david_osei",
        "Yaba Code Weekends",
        750_000,
        "active",
        4,
        "This is how the next generation of Lagos engineers gets started.",
    ),
    (
        "david_osei",
        "ClassChat",
        2_000_000,
        "completed",
        3,
        "Proud to back a Yaba founder. Tell me what you need for the WAEC season.",
    ),
    (
        "meg_sinclair",
        "Glowride",
        1_200_000,
        "active",
        5,
        "Safer cycling with measurable outcomes: exactly what I look for.",
    ),
    (
        "meg_sinclair",
        "TriageNow",
        3_000_000,
        "pending",
        9,
        "Offline triage could change rural care. I'd like to see the clinic data.",
    ),
    ("meg_sinclair", "Night Shift Sleep Study", 400_000, "declined", 6, "For the pilot cohort's wearables."),
    (
        "meg_sinclair",
        "Repair Café Kit",
        150_000,
        "completed",
        3,
        "For the first batch of kits. Repair beats recycling.",
    ),
    (
        "nathan_brooks",
        "TriageNow",
        5_000_000,
        "active",
        4,
        "On-device ML done right. Let's talk infrastructure when you scale.",
    ),
    ("yuki_tanaka", "Tidewright", 1_800_000, "pending", 8, "A kind game about repair would travel well in Japan."),
    (
        "yuki_tanaka",
        "Glowride",
        950_000,
        "completed",
        2,
        "Our hardware team would love to help with the next prototype.",
    ),
    (
        "yuki_tanaka",
        "Sgeulachdan AR",
        600_000,
        "active",
        5,
        "Playful language learning has a big audience in Asia too.",
    ),
    (
        "omar_farouk",
        "ClassChat",
        1_250_000,
        "active",
        6,
        "Education from emerging markets, built by a teacher. Love it.",
    ),
    (
        "omar_farouk",
        "TriageNow",
        2_000_000,
        "completed",
        2,
        "Backing clinicians who build. Let me know how I can help with pilots.",
    ),
];

/// Adds the demo pledges (projects and people by their demo names); how many.
pub async fn seed(tx: &mut Tx, now: i64) -> anyhow::Result<usize> {
    for &(investor, title, amount, status, tenths, message) in PLEDGES {
        let investor_id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE username = $1")
            .bind(investor)
            .fetch_one(&mut **tx)
            .await
            .with_context(|| format!("demo investor {investor}"))?;
        let (project_id, project_created): (i64, i64) =
            sqlx::query_as("SELECT id, created_at FROM projects WHERE title = $1")
                .bind(title)
                .fetch_one(&mut **tx)
                .await
                .with_context(|| format!("demo project {title}"))?;
        // Pledged some way into the project's life; decided halfway from then to now.
        let created = project_created + (now - project_created) * tenths / 10;
        let updated = if status == "pending" { created } else { created + (now - created) / 2 };
        sqlx::query(
            "INSERT INTO pledges (project_id, investor_id, amount, upfront_amount, message, status, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(project_id)
        .bind(investor_id)
        .bind(amount)
        .bind(crate::explore::upfront(amount))
        .bind(message)
        .bind(status)
        .bind(created)
        .bind(updated)
        .execute(&mut **tx)
        .await?;
    }
    Ok(PLEDGES.len())
}

#[cfg(test)]
mod tests {
    use super::PLEDGES;

    #[test]
    fn demo_pledges_cover_every_state_and_are_valid_amounts() {
        for state in ["pending", "active", "declined", "completed"] {
            assert!(PLEDGES.iter().any(|p| p.1 == "Ledgerly" && p.3 == state), "Ledgerly has no {state} pledge");
            assert!(PLEDGES.iter().any(|p| p.0 == "helen_carter" && p.3 == state), "Helen has no {state} pledge");
        }
        assert!(PLEDGES.iter().all(|p| p.2 >= crate::explore::MINIMUM_PLEDGE && (1..10).contains(&p.4)));
    }
}
