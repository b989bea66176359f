//! Reading a location text the way people write it ("London, GB", "São Paulo, Brazil", "NYC",
//! "Portland, Oregon", "Köln") into what to look up in the place list: the city's name in the forms
//! the list may spell it, and the country or region the text names. Pure text work; the lookup itself
//! is `geo::Places::position_of`.

use super::countries::COUNTRIES;

/// Lowercase ASCII words separated by single spaces: accents dropped ("São" → "sao"), apostrophes
/// dropped ("L'viv" → "lviv"), every other mark a space ("Washington, D.C." → "washington d c").
pub fn fold(text: &str) -> String {
    fold_with(text, false)
}

/// [`fold`] with German umlauts written out ("Köln" → "koeln"), as GeoNames' ASCII names often are.
pub fn fold_umlauts(text: &str) -> String {
    fold_with(text, true)
}

fn fold_with(text: &str, umlauts: bool) -> String {
    if text.is_ascii() {
        return fold_ascii(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut space = true;
    for c in text.chars().flat_map(char::to_lowercase) {
        let plain: &str = match c {
            'ä' | 'ö' | 'ü' if umlauts => match c {
                'ä' => "ae",
                'ö' => "oe",
                _ => "ue",
            },
            '\'' | '’' | '`' | 'ʻ' | 'ʼ' => continue,
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                space = false;
                continue;
            }
            c => ascii_of(c).unwrap_or(" "),
        };
        for p in plain.chars() {
            if p == ' ' {
                if !space {
                    out.push(' ');
                    space = true;
                }
            } else {
                out.push(p);
                space = false;
            }
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// [`fold_with`] of a plain ASCII text, byte by byte (the same result): most of the 150,000 names the city list
/// folds on its first use are ASCII, and the loop over characters and their lowercase forms is the slower way there.
fn fold_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = true;
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() {
            out.push(char::from(byte.to_ascii_lowercase()));
            space = false;
        } else if byte != b'\'' && byte != b'`' && !space {
            out.push(' ');
            space = true;
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The plain letters of the accented Latin letters place names use.
fn ascii_of(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' | 'ĝ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// Names people use for a city that the place list spells otherwise (folded), with the country
/// meant when the name alone is ambiguous.
const ALIASES: &[(&str, &str, Option<&str>)] = &[
    ("nyc", "new york city", Some("US")),
    ("new york", "new york city", Some("US")),
    ("la", "los angeles", Some("US")),
    ("sf", "san francisco", Some("US")),
    ("washington dc", "washington d c", Some("US")),
    ("dc", "washington d c", Some("US")),
    ("bengaluru", "bangalore", Some("IN")),
    ("bombay", "mumbai", Some("IN")),
    ("calcutta", "kolkata", Some("IN")),
    ("madras", "chennai", Some("IN")),
    ("kochi", "cochin", Some("IN")),
    ("gurugram", "gurgaon", Some("IN")),
    ("saigon", "ho chi minh city", Some("VN")),
    ("hcmc", "ho chi minh city", Some("VN")),
    ("peking", "beijing", Some("CN")),
    ("kyiv", "kiev", Some("UA")),
    ("odesa", "odessa", Some("UA")),
    ("munchen", "munich", Some("DE")),
    ("muenchen", "munich", Some("DE")),
    ("cologne", "koeln", Some("DE")),
    ("koln", "koeln", Some("DE")),
    ("nuremberg", "nuernberg", Some("DE")),
    ("nurnberg", "nuernberg", Some("DE")),
    ("frankfurt", "frankfurt am main", Some("DE")),
    ("hanover", "hannover", Some("DE")),
    ("den haag", "the hague", Some("NL")),
    ("antwerp", "antwerpen", Some("BE")),
    ("ghent", "gent", Some("BE")),
    ("lisboa", "lisbon", Some("PT")),
    ("roma", "rome", Some("IT")),
    ("milan", "milano", Some("IT")),
    ("naples", "napoli", Some("IT")),
    ("firenze", "florence", Some("IT")),
    ("torino", "turin", Some("IT")),
    ("seville", "sevilla", Some("ES")),
    ("wien", "vienna", Some("AT")),
    ("praha", "prague", Some("CZ")),
    ("warszawa", "warsaw", Some("PL")),
    ("kobenhavn", "copenhagen", Some("DK")),
    ("bruxelles", "brussels", Some("BE")),
    ("brussel", "brussels", Some("BE")),
    ("geneva", "geneve", Some("CH")),
    ("genf", "geneve", Some("CH")),
    ("zuerich", "zurich", Some("CH")),
    ("moskva", "moscow", Some("RU")),
    ("st petersburg", "saint petersburg", Some("RU")),
    ("athina", "athens", Some("GR")),
    ("gothenburg", "goeteborg", Some("SE")),
    ("goteborg", "goeteborg", Some("SE")),
    ("malmo", "malmoe", Some("SE")),
    ("aarhus", "arhus", Some("DK")),
    ("beograd", "belgrade", Some("RS")),
    ("bucuresti", "bucharest", Some("RO")),
    ("marrakech", "marrakesh", Some("MA")),
    ("cdmx", "mexico city", Some("MX")),
    ("ciudad de mexico", "mexico city", Some("MX")),
    ("rio", "rio de janeiro", Some("BR")),
];

/// The cities a bare name means when several share it and no country is given: the biggest (the
/// place list carries no population, so the well-known ones are named here; for the rest the one
/// with most places around it wins).
pub const BIGGEST: &[(&str, &str)] = &[
    ("london", "GB"),
    ("paris", "FR"),
    ("berlin", "DE"),
    ("hamburg", "DE"),
    ("madrid", "ES"),
    ("barcelona", "ES"),
    ("valencia", "ES"),
    ("sevilla", "ES"),
    ("cordoba", "AR"),
    ("rome", "IT"),
    ("florence", "IT"),
    ("vienna", "AT"),
    ("warsaw", "PL"),
    ("lisbon", "PT"),
    ("porto", "PT"),
    ("dublin", "IE"),
    ("athens", "GR"),
    ("moscow", "RU"),
    ("saint petersburg", "RU"),
    ("odessa", "UA"),
    ("belgrade", "RS"),
    ("amsterdam", "NL"),
    ("rotterdam", "NL"),
    ("birmingham", "GB"),
    ("manchester", "GB"),
    ("bristol", "GB"),
    ("leeds", "GB"),
    ("liverpool", "GB"),
    ("glasgow", "GB"),
    ("edinburgh", "GB"),
    ("belfast", "GB"),
    ("newcastle", "GB"),
    ("oxford", "GB"),
    ("cambridge", "GB"),
    ("brighton", "GB"),
    ("cardiff", "GB"),
    ("nice", "FR"),
    ("bergen", "NO"),
    ("cairo", "EG"),
    ("alexandria", "EG"),
    ("lagos", "NG"),
    ("tunis", "TN"),
    ("delhi", "IN"),
    ("hyderabad", "IN"),
    ("dhaka", "BD"),
    ("colombo", "LK"),
    ("manila", "PH"),
    ("sydney", "AU"),
    ("melbourne", "AU"),
    ("perth", "AU"),
    ("brisbane", "AU"),
    ("adelaide", "AU"),
    ("wellington", "NZ"),
    ("christchurch", "NZ"),
    ("toronto", "CA"),
    ("vancouver", "CA"),
    ("montreal", "CA"),
    ("ottawa", "CA"),
    ("edmonton", "CA"),
    ("halifax", "CA"),
    ("san francisco", "US"),
    ("los angeles", "US"),
    ("boston", "US"),
    ("houston", "US"),
    ("santiago", "CL"),
    ("buenos aires", "AR"),
    ("lima", "PE"),
    ("bogota", "CO"),
    ("medellin", "CO"),
    ("guadalajara", "MX"),
    ("monterrey", "MX"),
    ("montevideo", "UY"),
    ("la paz", "BO"),
    ("rosario", "AR"),
    ("salvador", "BR"),
    ("utrecht", "NL"),
];

/// The place names to try for a city as written, best first, with the country an alias implies:
/// the alias's name, then the name as written, then with umlauts written out.
pub fn city_keys(city: &str) -> Vec<(String, Option<&'static str>)> {
    let plain = fold(city);
    let mut keys: Vec<(String, Option<&'static str>)> = Vec::new();
    let mut add = |key: String, country: Option<&'static str>| {
        if !key.is_empty() && !keys.iter().any(|(k, c)| *k == key && *c == country) {
            keys.push((key, country));
        }
    };
    for (from, to, country) in ALIASES {
        if plain == *from {
            add((*to).to_string(), *country);
        }
    }
    add(plain.clone(), None);
    add(fold_umlauts(city), None);
    if let Some(rest) = plain.strip_prefix("st ") {
        add(format!("saint {rest}"), None);
    }
    keys
}

/// The ISO 3166-1 alpha-2 code a text names: a code ("GB", "gbr") or a country's name in any case
/// and accents ("United Kingdom", "méxico", "UK").
pub fn country_code(text: &str) -> Option<&'static str> {
    let folded = fold(text);
    if folded.is_empty() {
        return None;
    }
    let squeezed: String = folded.chars().filter(|c| *c != ' ').collect();
    COUNTRIES.iter().find_map(|(alpha2, alpha3, names)| {
        let by_code = squeezed.eq_ignore_ascii_case(alpha2) || squeezed.eq_ignore_ascii_case(alpha3);
        let by_name = names.iter().any(|name| fold(name) == folded || fold(name).replace(' ', "") == squeezed);
        (by_code || by_name).then_some(*alpha2)
    })
}

/// US states by postal code: "Austin, TX" and "Portland, OR" name a state, not a country.
const US_STATES: &[(&str, &str)] = &[
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "Washington, D.C."),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
];

/// The US state a text names by postal code ("TX") or name ("Georgia"), as the place list writes it (folded).
pub fn us_state(text: &str) -> Option<String> {
    let folded = fold(text);
    let squeezed = folded.replace(' ', "");
    US_STATES
        .iter()
        .map(|(code, name)| (code, fold(name)))
        .find(|(code, name)| code.eq_ignore_ascii_case(&squeezed) || *name == folded)
        .map(|(_, name)| name)
}

/// A location text taken apart: the city as written, then what follows it ("Oregon", "US"), the
/// last part first.
pub struct Written<'a> {
    pub city: &'a str,
    pub qualifiers: Vec<&'a str>,
}

/// Splits "City, Region, Country" at its commas; a text without commas is all city.
pub fn split(text: &str) -> Option<Written<'_>> {
    let mut parts = text.split(',').map(str::trim).filter(|p| !p.is_empty());
    let city = parts.next()?;
    let mut qualifiers: Vec<&str> = parts.collect();
    qualifiers.reverse();
    Some(Written { city, qualifiers })
}

/// "Sao Paulo Brazil", "London UK": a city and a country written without a comma, taken apart at
/// the longest country name it ends with.
pub fn trailing_country(text: &str) -> Option<(&str, &'static str)> {
    let starts = text
        .char_indices()
        .filter(|&(i, c)| !c.is_whitespace() && text[..i].ends_with(char::is_whitespace))
        .map(|(i, _)| i);
    starts.into_iter().find_map(|at| Some((text[..at].trim(), country_code(&text[at..])?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_fold_together() {
        assert_eq!(fold("São Paulo"), "sao paulo");
        assert_eq!(fold("  SAO   PAULO "), "sao paulo");
        assert_eq!(fold("Washington, D.C."), "washington d c");
        assert_eq!(fold("L'viv"), "lviv");
        assert_eq!(fold("Zürich"), "zurich");
        assert_eq!(fold_umlauts("Köln"), "koeln");
        assert_eq!(fold("Malmö"), "malmo");
        assert_eq!(fold("Kraków"), "krakow");
        assert_eq!(fold("Łódź"), "lodz");
        assert_eq!(fold("Saint-Étienne"), "saint etienne");
    }

    #[test]
    fn countries_are_read_by_code_and_name() {
        for (text, code) in [
            ("GB", "GB"),
            ("gb", "GB"),
            ("UK", "GB"),
            ("United Kingdom", "GB"),
            ("england", "GB"),
            ("USA", "US"),
            ("U.S.", "US"),
            ("United States", "US"),
            ("Brasil", "BR"),
            ("Brazil", "BR"),
            ("México", "MX"),
            ("Deutschland", "DE"),
            ("DEU", "DE"),
            ("Côte d'Ivoire", "CI"),
            ("Ivory Coast", "CI"),
            ("Türkiye", "TR"),
            ("the netherlands", "NL"),
        ] {
            assert_eq!(country_code(text), Some(code), "{text}");
        }
        assert_eq!(country_code("Atlantis"), None);
        assert_eq!(country_code(""), None);
    }

    #[test]
    fn aliases_come_before_the_name_as_written() {
        let keys = city_keys("NYC");
        assert_eq!(keys[0], ("new york city".to_string(), Some("US")));
        let keys = city_keys("München");
        assert_eq!(keys[0], ("munich".to_string(), Some("DE")));
        assert!(city_keys("Köln").iter().any(|(k, _)| k == "koeln"));
        assert!(city_keys("St. Petersburg").iter().any(|(k, _)| k == "saint petersburg"));
    }

    #[test]
    fn texts_are_taken_apart() {
        let written = split("Portland, Oregon, US").unwrap();
        assert_eq!(written.city, "Portland");
        assert_eq!(written.qualifiers, ["US", "Oregon"]);
        assert!(split(" , ").is_none());
        assert_eq!(trailing_country("Sao Paulo Brazil"), Some(("Sao Paulo", "BR")));
        assert_eq!(trailing_country("London United Kingdom"), Some(("London", "GB")));
        assert_eq!(trailing_country("London"), None);
        assert_eq!(us_state("TX").as_deref(), Some("texas"));
        assert_eq!(us_state("dc").as_deref(), Some("washington d c"));
        assert_eq!(us_state("Georgia").as_deref(), Some("georgia"));
        assert_eq!(us_state("Bavaria"), None);
    }
}
