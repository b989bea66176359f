//! Black-box tests: each test runs the real server on a random port with a fresh data dir
//! (SQLite) or, when GROW_TEST_DATABASE_URL is set, a fresh PostgreSQL database.

mod helpers;

mod accounts;
mod bounds;
mod chat;
mod cli;
mod cluster;
mod concurrency;
mod connections;
mod discovery;
mod explore;
mod fair_play;
mod faults;
mod jobs;
mod notifications;
mod operations;
mod ops;
mod people;
mod platform;
mod pledges;
mod projects;
mod public;
mod reach;
mod realtime;
mod rewards;
mod s3;
mod safety;
mod schema;
mod search;
mod security;
mod sessions;
mod uploads;
mod your_account;
