//! Places a question names besides cities and countries' names: what people of a country are called ("Kenyan",
//! "Bolivian") and the regions people name ("Central Asia", "the Nordics", "West Africa"), each a set of countries.
//! General geography (the UN geoscheme's regions, with the names people use for them), not words of any community.

/// What a country's people are called, by ISO code (the country's own names come from `people::countries`).
pub const DEMONYMS: &[(&str, &[&str])] = &[
    ("AF", &["afghan"]),
    ("AL", &["albanian"]),
    ("DZ", &["algerian"]),
    ("AO", &["angolan"]),
    ("AR", &["argentine", "argentinian", "argentinean"]),
    ("AM", &["armenian"]),
    ("AU", &["australian", "aussie"]),
    ("AT", &["austrian"]),
    ("AZ", &["azerbaijani", "azeri"]),
    ("BH", &["bahraini"]),
    ("BD", &["bangladeshi"]),
    ("BY", &["belarusian"]),
    ("BE", &["belgian"]),
    ("BJ", &["beninese"]),
    ("BT", &["bhutanese"]),
    ("BO", &["bolivian"]),
    ("BA", &["bosnian"]),
    ("BW", &["botswanan", "motswana"]),
    ("BR", &["brazilian"]),
    ("BG", &["bulgarian"]),
    ("BF", &["burkinabe", "burkinabé"]),
    ("BI", &["burundian"]),
    ("KH", &["cambodian", "khmer"]),
    ("CM", &["cameroonian"]),
    ("CA", &["canadian"]),
    ("CV", &["cape verdean"]),
    ("TD", &["chadian"]),
    ("CL", &["chilean"]),
    ("CN", &["chinese"]),
    ("CO", &["colombian"]),
    ("CD", &["congolese"]),
    ("CR", &["costa rican"]),
    ("CI", &["ivorian"]),
    ("HR", &["croatian", "croat"]),
    ("CU", &["cuban"]),
    ("CY", &["cypriot"]),
    ("CZ", &["czech"]),
    ("DK", &["danish", "dane"]),
    ("DO", &["dominican"]),
    ("EC", &["ecuadorian", "ecuadorean"]),
    ("EG", &["egyptian"]),
    ("SV", &["salvadoran", "salvadorian"]),
    ("EE", &["estonian"]),
    ("ET", &["ethiopian"]),
    ("FJ", &["fijian"]),
    ("FI", &["finnish", "finn"]),
    ("FR", &["french"]),
    ("GA", &["gabonese"]),
    ("GM", &["gambian"]),
    ("GE", &["georgian"]),
    ("DE", &["german"]),
    ("GH", &["ghanaian"]),
    ("GR", &["greek"]),
    ("GT", &["guatemalan"]),
    ("GN", &["guinean"]),
    ("HT", &["haitian"]),
    ("HN", &["honduran"]),
    ("HK", &["hongkonger"]),
    ("HU", &["hungarian"]),
    ("IS", &["icelandic", "icelander"]),
    ("IN", &["indian"]),
    ("ID", &["indonesian"]),
    ("IR", &["iranian"]),
    ("IQ", &["iraqi"]),
    ("IE", &["irish"]),
    ("IL", &["israeli"]),
    ("IT", &["italian"]),
    ("JM", &["jamaican"]),
    ("JP", &["japanese"]),
    ("JO", &["jordanian"]),
    ("KZ", &["kazakh", "kazakhstani"]),
    ("KE", &["kenyan"]),
    ("KW", &["kuwaiti"]),
    ("KG", &["kyrgyz", "kirghiz"]),
    ("LA", &["lao", "laotian"]),
    ("LV", &["latvian"]),
    ("LB", &["lebanese"]),
    ("LR", &["liberian"]),
    ("LY", &["libyan"]),
    ("LT", &["lithuanian"]),
    ("LU", &["luxembourgish"]),
    ("MG", &["malagasy"]),
    ("MW", &["malawian"]),
    ("MY", &["malaysian"]),
    ("MV", &["maldivian"]),
    ("ML", &["malian"]),
    ("MT", &["maltese"]),
    ("MR", &["mauritanian"]),
    ("MU", &["mauritian"]),
    ("MX", &["mexican"]),
    ("MD", &["moldovan"]),
    ("MN", &["mongolian"]),
    ("ME", &["montenegrin"]),
    ("MA", &["moroccan"]),
    ("MZ", &["mozambican"]),
    ("MM", &["burmese", "myanmar"]),
    ("NA", &["namibian"]),
    ("NP", &["nepali", "nepalese"]),
    ("NL", &["dutch"]),
    ("NZ", &["new zealander"]),
    ("NI", &["nicaraguan"]),
    ("NE", &["nigerien"]),
    ("NG", &["nigerian"]),
    ("MK", &["macedonian"]),
    ("NO", &["norwegian"]),
    ("OM", &["omani"]),
    ("PK", &["pakistani"]),
    ("PS", &["palestinian"]),
    ("PA", &["panamanian"]),
    ("PG", &["papua new guinean"]),
    ("PY", &["paraguayan"]),
    ("PE", &["peruvian"]),
    ("PH", &["filipino", "filipina", "philippine"]),
    ("PL", &["polish"]),
    ("PT", &["portuguese"]),
    ("PR", &["puerto rican"]),
    ("QA", &["qatari"]),
    ("RO", &["romanian"]),
    ("RU", &["russian"]),
    ("RW", &["rwandan"]),
    ("SA", &["saudi"]),
    ("SN", &["senegalese"]),
    ("RS", &["serbian", "serb"]),
    ("SL", &["sierra leonean"]),
    ("SG", &["singaporean"]),
    ("SK", &["slovak"]),
    ("SI", &["slovenian", "slovene"]),
    ("SO", &["somali"]),
    ("ZA", &["south african"]),
    ("KR", &["korean", "south korean"]),
    ("SS", &["south sudanese"]),
    ("ES", &["spanish", "spaniard"]),
    ("LK", &["sri lankan"]),
    ("SD", &["sudanese"]),
    ("SE", &["swedish", "swede"]),
    ("CH", &["swiss"]),
    ("SY", &["syrian"]),
    ("TW", &["taiwanese"]),
    ("TJ", &["tajik", "tajikistani"]),
    ("TZ", &["tanzanian"]),
    ("TH", &["thai"]),
    ("TG", &["togolese"]),
    ("TT", &["trinidadian"]),
    ("TN", &["tunisian"]),
    ("TR", &["turkish"]),
    ("TM", &["turkmen"]),
    ("UG", &["ugandan"]),
    ("UA", &["ukrainian"]),
    ("AE", &["emirati"]),
    ("GB", &["british", "scottish", "welsh"]),
    ("US", &["american"]),
    ("UY", &["uruguayan"]),
    ("UZ", &["uzbek", "uzbekistani"]),
    ("VE", &["venezuelan"]),
    ("VN", &["vietnamese"]),
    ("YE", &["yemeni"]),
    ("ZM", &["zambian"]),
    ("ZW", &["zimbabwean"]),
];

const NORTH_AFRICA: &[&str] = &["DZ", "EG", "LY", "MA", "SD", "TN", "EH"];
const WEST_AFRICA: &[&str] =
    &["BJ", "BF", "CV", "CI", "GM", "GH", "GN", "GW", "LR", "ML", "MR", "NE", "NG", "SN", "SL", "TG"];
const EAST_AFRICA: &[&str] = &["BI", "DJ", "ER", "ET", "KE", "RW", "SO", "SS", "TZ", "UG", "MU", "SC", "KM"];
const CENTRAL_AFRICA: &[&str] = &["AO", "CM", "CF", "TD", "CG", "CD", "GQ", "GA", "ST"];
const SOUTHERN_AFRICA: &[&str] = &["ZA", "NA", "BW", "ZW", "ZM", "MZ", "LS", "SZ", "MW", "MG"];
const MIDDLE_EAST: &[&str] =
    &["AE", "BH", "CY", "EG", "IQ", "IR", "IL", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY", "TR", "YE"];
const CENTRAL_ASIA: &[&str] = &["KZ", "KG", "TJ", "TM", "UZ"];
const SOUTH_ASIA: &[&str] = &["AF", "BD", "BT", "IN", "LK", "MV", "NP", "PK"];
const SOUTH_EAST_ASIA: &[&str] = &["BN", "KH", "ID", "LA", "MY", "MM", "PH", "SG", "TH", "TL", "VN"];
const EAST_ASIA: &[&str] = &["CN", "HK", "JP", "KP", "KR", "MN", "MO", "TW"];
const CAUCASUS: &[&str] = &["AM", "AZ", "GE"];
const NORDICS: &[&str] = &["DK", "FI", "IS", "NO", "SE", "FO", "AX"];
const BALTICS: &[&str] = &["EE", "LT", "LV"];
const BALKANS: &[&str] = &["AL", "BA", "BG", "GR", "HR", "ME", "MK", "RO", "RS", "SI", "XK"];
const WESTERN_EUROPE: &[&str] = &["AT", "BE", "CH", "DE", "FR", "GB", "IE", "LI", "LU", "MC", "NL"];
const SOUTHERN_EUROPE: &[&str] = &["AD", "ES", "GR", "IT", "MT", "PT", "SM", "VA", "CY"];
const EASTERN_EUROPE: &[&str] = &["BG", "BY", "CZ", "HU", "MD", "PL", "RO", "RU", "SK", "UA"];
const SOUTH_AMERICA: &[&str] = &["AR", "BO", "BR", "CL", "CO", "EC", "GY", "PE", "PY", "SR", "UY", "VE"];
const CENTRAL_AMERICA: &[&str] = &["BZ", "CR", "GT", "HN", "NI", "PA", "SV"];
const CARIBBEAN: &[&str] = &["AG", "BB", "BS", "CU", "DM", "DO", "GD", "HT", "JM", "KN", "LC", "PR", "TT", "VC"];
const OCEANIA: &[&str] = &["AU", "FJ", "FM", "KI", "MH", "NR", "NZ", "PG", "PW", "SB", "TO", "TV", "VU", "WS"];

/// Countries, as lists of ISO codes put together.
pub type Countries = &'static [&'static [&'static str]];

/// Regions by the names people give them: (the name an answer says, the names asked, the countries).
pub const REGIONS: &[(&str, &[&str], Countries)] = &[
    ("North Africa", &["north africa", "northern africa", "maghreb"], &[NORTH_AFRICA]),
    ("West Africa", &["west africa", "western africa"], &[WEST_AFRICA]),
    ("East Africa", &["east africa", "eastern africa"], &[EAST_AFRICA]),
    ("Central Africa", &["central africa"], &[CENTRAL_AFRICA]),
    ("Southern Africa", &["southern africa"], &[SOUTHERN_AFRICA]),
    (
        "Sub-Saharan Africa",
        &["sub saharan africa", "subsaharan africa"],
        &[WEST_AFRICA, EAST_AFRICA, CENTRAL_AFRICA, SOUTHERN_AFRICA],
    ),
    ("Africa", &["africa", "african"], &[NORTH_AFRICA, WEST_AFRICA, EAST_AFRICA, CENTRAL_AFRICA, SOUTHERN_AFRICA]),
    ("the Middle East", &["middle east", "middle eastern", "mena"], &[MIDDLE_EAST]),
    ("the Gulf", &["gulf", "gulf states"], &[&["AE", "BH", "KW", "OM", "QA", "SA"]]),
    ("Central Asia", &["central asia", "central asian"], &[CENTRAL_ASIA]),
    ("South Asia", &["south asia", "south asian"], &[SOUTH_ASIA]),
    (
        "South-East Asia",
        &["south east asia", "southeast asia", "south east asian", "southeast asian", "asean"],
        &[SOUTH_EAST_ASIA],
    ),
    ("East Asia", &["east asia", "east asian"], &[EAST_ASIA]),
    ("Asia", &["asia", "asian"], &[CENTRAL_ASIA, SOUTH_ASIA, SOUTH_EAST_ASIA, EAST_ASIA, CAUCASUS, MIDDLE_EAST]),
    ("the Caucasus", &["caucasus"], &[CAUCASUS]),
    ("the Nordics", &["nordic", "nordics", "nordic countries", "scandinavia", "scandinavian"], &[NORDICS]),
    ("the Baltics", &["baltic", "baltics", "baltic states"], &[BALTICS]),
    ("the Balkans", &["balkan", "balkans"], &[BALKANS]),
    ("Western Europe", &["western europe"], &[WESTERN_EUROPE]),
    ("Southern Europe", &["southern europe"], &[SOUTHERN_EUROPE]),
    ("Eastern Europe", &["eastern europe", "eastern european"], &[EASTERN_EUROPE, BALTICS]),
    (
        "Central Europe",
        &["central europe", "central european"],
        &[&["AT", "CH", "CZ", "DE", "HU", "PL", "SK", "SI", "LI"]],
    ),
    (
        "Europe",
        &["europe", "european", "eu"],
        &[NORDICS, BALTICS, BALKANS, WESTERN_EUROPE, SOUTHERN_EUROPE, EASTERN_EUROPE],
    ),
    (
        "the Mediterranean",
        &["mediterranean"],
        &[&[
            "ES", "FR", "IT", "MT", "GR", "CY", "TR", "SY", "LB", "IL", "PS", "EG", "LY", "TN", "DZ", "MA", "HR", "SI",
            "AL", "ME", "BA", "MC",
        ]],
    ),
    ("South America", &["south america", "south american"], &[SOUTH_AMERICA]),
    ("Central America", &["central america", "central american"], &[CENTRAL_AMERICA]),
    ("the Caribbean", &["caribbean"], &[CARIBBEAN]),
    (
        "Latin America",
        &["latin america", "latin american", "latam"],
        &[SOUTH_AMERICA, CENTRAL_AMERICA, &["MX", "CU", "DO", "PR"]],
    ),
    ("the Andes", &["andes", "andean"], &[&["AR", "BO", "CL", "CO", "EC", "PE", "VE"]]),
    ("North America", &["north america", "north american"], &[&["CA", "US", "MX"]]),
    ("Oceania", &["oceania", "pacific islands"], &[OCEANIA]),
];

/// A region's countries, as one list.
pub fn countries_of(parts: &[&[&'static str]]) -> Vec<[u8; 2]> {
    let mut all: Vec<[u8; 2]> =
        parts.iter().flat_map(|part| part.iter()).filter_map(|code| code.as_bytes().try_into().ok()).collect();
    all.sort_unstable();
    all.dedup();
    all
}
