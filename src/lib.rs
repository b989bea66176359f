//! Grow: one binary serving the API, the live channel and the web app.
// A panic in a request is a 500 nobody explains; outside tests, errors are handled, not unwrapped.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod accounts;
pub mod admin;
pub mod app;
pub mod auth;
pub mod chat;
pub mod cli;
pub mod config;
pub mod connections;
pub mod db;
pub mod discovery;
pub mod edge;
pub mod error;
pub mod events;
pub mod explore;
pub mod extract;
pub mod files;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod net;
pub mod notifications;
pub mod openapi;
pub mod ops;
pub mod people;
pub mod projects;
pub mod realtime;
pub mod rewards;
pub mod safety;
pub mod search;
pub mod seed;
pub mod state;
pub mod sync;
pub mod time;
pub mod web;
