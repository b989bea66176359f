//! Grow: one binary serving the API, the live channel and the web app.

pub mod accounts;
pub mod app;
pub mod auth;
pub mod cli;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod mail;
pub mod openapi;
pub mod realtime;
pub mod seed;
pub mod time;
pub mod web;
