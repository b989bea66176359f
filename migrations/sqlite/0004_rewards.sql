-- The coin ledger (API.md "Coins": every award and spend is a row keyed by its act, so an act pays
-- once), achievement and daily-task progress (spec 000 §3; the catalogues are data in the code).
CREATE TABLE coin_ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount BIGINT NOT NULL,
    reason TEXT NOT NULL,
    act_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT coin_ledger_act_unique UNIQUE (act_key)
);
CREATE INDEX coin_ledger_user_created_idx ON coin_ledger (user_id, created_at, id);
CREATE INDEX coin_ledger_user_reason_idx ON coin_ledger (user_id, reason);

CREATE TABLE user_achievements (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    achievement_id TEXT NOT NULL,
    progress BIGINT NOT NULL DEFAULT 0,
    is_completed SMALLINT NOT NULL DEFAULT 0,
    unlocked_at BIGINT,
    claimed_at BIGINT,
    PRIMARY KEY (user_id, achievement_id)
);

CREATE TABLE user_daily_tasks (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    task_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    completed_count BIGINT NOT NULL DEFAULT 0,
    last_completed BIGINT,
    PRIMARY KEY (user_id, task_id, day)
);

CREATE INDEX users_coins_idx ON users (coins, id);
