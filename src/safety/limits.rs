//! Limits that stop abuse without bothering people: how many messages, requests and reports one
//! person may send in a window (429 with a message beyond it). Counted in the database like login
//! attempts (`login_attempts`, the same window and clean-up), inside the transaction of the act, so
//! parallel requests on any instance share one budget and a refused or failed act costs nothing.

use crate::{app::AppState, db::Tx, error::AppError};

/// Budgets per person per window (the login window, 15 minutes).
#[derive(Clone, Copy, Debug)]
pub struct SafetyLimits {
    pub messages: i64,
    pub requests: i64,
    pub reports: i64,
}

impl Default for SafetyLimits {
    fn default() -> Self {
        // About one message every two seconds for a quarter of an hour; far past any conversation.
        Self { messages: 450, requests: 60, reports: 20 }
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Budget {
    Messages,
    /// Connection and collaboration requests.
    Requests,
    Reports,
}

impl Budget {
    fn key(self, user: i64) -> String {
        let what = match self {
            Budget::Messages => "messages",
            Budget::Requests => "requests",
            Budget::Reports => "reports",
        };
        format!("{what}:{user}")
    }

    fn max(self, limits: &SafetyLimits) -> i64 {
        match self {
            Budget::Messages => limits.messages,
            Budget::Requests => limits.requests,
            Budget::Reports => limits.reports,
        }
    }

    fn refusal(self) -> &'static str {
        match self {
            Budget::Messages => "You're sending messages very fast. Please wait a few minutes and try again.",
            Budget::Requests => "You've sent a lot of requests. Please wait a few minutes and try again.",
            Budget::Reports => "You've sent a lot of reports. Please wait a few minutes and try again.",
        }
    }
}

/// Spends one of `user`'s `budget` in the open transaction; 429 when the window's budget is spent.
pub async fn spend(state: &AppState, tx: &mut Tx, budget: Budget, user: i64) -> Result<(), AppError> {
    let now = state.clock.now_ms();
    let window_ms = i64::try_from(state.login_limiter.limits().window.as_millis()).unwrap_or(i64::MAX);
    let used: i64 = sqlx::query_scalar(
        "INSERT INTO login_attempts (attempt_key, window_start, attempts) VALUES ($1, $2, 1) \
         ON CONFLICT (attempt_key) DO UPDATE SET \
           attempts = CASE WHEN login_attempts.window_start <= $3 THEN 1 ELSE login_attempts.attempts + 1 END, \
           window_start = CASE WHEN login_attempts.window_start <= $3 THEN $2 ELSE login_attempts.window_start END \
         RETURNING attempts",
    )
    .bind(budget.key(user))
    .bind(now)
    .bind(now - window_ms)
    .fetch_one(&mut **tx)
    .await?;
    if used > budget.max(&state.config.safety_limits) {
        return Err(AppError::TooManyRequests(budget.refusal().into()));
    }
    Ok(())
}
