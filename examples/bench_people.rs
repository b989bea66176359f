//! Signed-in people for `bench/run`, written straight into a Grow database (no password hashing, so a
//! run can hold tens of thousands of distinct people): each with a realistic profile (a name, a role,
//! a bio, skills from the catalogue, a city on the 1 km grid) and a session. Prints one cookie a line.
//!
//! `bench_people <database url> <how many> <name prefix>`; the prefix keeps batches apart.

use grow::db::Db;

const FIRST: [&str; 16] = [
    "Amara", "Ben", "Chiara", "Dev", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Keiko", "Luca", "Maya",
    "Nikhil", "Olga", "Priya",
];
const LAST: [&str; 12] =
    ["Okafor", "Schmidt", "Rossi", "Patel", "Yilmaz", "Haddad", "Kim", "Dubois", "Silva", "Berg", "Tanaka", "Novak"];
const ROLES: [&str; 4] = ["explorer", "collaborator", "innovator", "investor"];
const SKILLS: [&str; 12] = [
    "UX Design",
    "Rust",
    "React",
    "Marketing",
    "Data Science",
    "Product Management",
    "Illustration",
    "Finance",
    "Sales",
    "Copywriting",
    "Machine Learning",
    "Photography",
];
/// Cities with their position on the 1 km grid.
const CITIES: [(&str, f64, f64); 8] = [
    ("London, United Kingdom", 51.51, -0.13),
    ("Berlin, Germany", 52.52, 13.40),
    ("Lagos, Nigeria", 6.52, 3.38),
    ("São Paulo, Brazil", -23.55, -46.63),
    ("Bangalore, India", 12.97, 77.59),
    ("Toronto, Canada", 43.65, -79.38),
    ("Tokyo, Japan", 35.68, 139.69),
    ("Lisbon, Portugal", 38.72, -9.14),
];

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, count, prefix] = &args[..] else {
        eprintln!("usage: bench_people <database url> <how many> <name prefix>");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("a count");
    let db = Db::connect(url).await.expect("connect");
    let mut tx = db.begin().await.expect("begin");
    let mut cookies = String::new();
    let mut ids = (i64::MAX, i64::MIN);
    for i in 0..count {
        let name = format!("{prefix}{i}");
        let (city, lat, lng) = CITIES[i % CITIES.len()];
        let skills = serde_json::json!([SKILLS[i % SKILLS.len()], SKILLS[(i / 3 + 5) % SKILLS.len()]]).to_string();
        let bio = format!(
            "{} from {} who likes building things with others; ask me about {}.",
            ROLES[i % 4],
            city.split(',').next().unwrap_or(city),
            SKILLS[(i * 7) % SKILLS.len()].to_lowercase()
        );
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, \
             bio, location, lat, lng, skills, created_at, updated_at) \
             VALUES ($1, $1, $2, $2, '!', $3, $4, $5, $6, $7, $8, $9, $10, 1, 1) RETURNING id",
        )
        .bind(&name)
        .bind(format!("{name}@example.com"))
        .bind(FIRST[i % FIRST.len()])
        .bind(LAST[(i / FIRST.len()) % LAST.len()])
        .bind(ROLES[i % ROLES.len()])
        .bind(bio)
        .bind(city)
        .bind(lat)
        .bind(lng)
        .bind(skills)
        .fetch_one(&mut *tx)
        .await
        .expect("insert a person");
        ids = (ids.0.min(id), ids.1.max(id));
        let token = grow::auth::session::create(&mut tx, id).await.expect("a session");
        cookies.push_str(&format!("grow_session={token}\n"));
    }
    tx.commit().await.expect("commit");
    // Then marked changed, as a sign-up is, once committed: a running server's search index reads the rows changed
    // since its last look (and a few seconds before), so people stamped in the past would never be searched.
    sqlx::query("UPDATE users SET updated_at = $1 WHERE id BETWEEN $2 AND $3")
        .bind(grow::time::now_ms())
        .bind(ids.0)
        .bind(ids.1)
        .execute(&mut *db.conn().await.expect("a connection"))
        .await
        .expect("stamp the people");
    print!("{cookies}");
}
