//! Rankings kept per question while the index stays as it is. The app offers everyone the same few questions (its
//! suggestion chips), and what meets a question, scored before anyone asks, is the same for every asker: only whom
//! they may not see and how near they are differ, and [`rank::choose`] adds those, reading only the head of the
//! ranking. Whatever the index reads next (any change anywhere) drops them all, so a kept ranking is never older
//! than the index it was made from.

use std::{collections::HashMap, sync::Arc};

use super::{
    query::{understand, Understanding, Vocabulary},
    rank::{self, Asker, Asking, Hit, Ranking},
    relax::{self, Loosened},
    Index,
};

/// Documents held across kept rankings (about 40 bytes each): past it, they are all dropped and kept anew.
const MAX_HELD: usize = 400_000;
/// Questions kept at once, besides.
const MAX_STAGES: usize = 512;

/// A question as understood, or as one relaxation of it (see [`relax`]), with its rankings.
pub struct Stage {
    pub understood: Understanding,
    /// What this stage let go of: nothing for the question as understood.
    pub way: Vec<Loosened>,
    people: Ranking,
    projects: Ranking,
}

/// The question as asked, which stage of it (0: as understood, then each relaxation in turn), and whether the
/// asker's position is known (a "near me" question ranks differently without one).
type Key = (String, usize, bool);

#[derive(Default)]
pub struct Kept {
    /// The index's generation the stages were ranked on.
    generation: u64,
    held: usize,
    stages: HashMap<Key, Arc<Stage>>,
}

impl Kept {
    fn get(&mut self, generation: u64, key: &Key) -> Option<Arc<Stage>> {
        if generation != self.generation {
            self.stages.clear();
            self.held = 0;
            self.generation = generation;
        }
        self.stages.get(key).cloned()
    }

    fn keep(&mut self, generation: u64, key: Key, stage: &Arc<Stage>) {
        if generation != self.generation {
            return;
        }
        let size = stage.people.len() + stage.projects.len();
        if self.held + size > MAX_HELD || self.stages.len() >= MAX_STAGES {
            self.stages.clear();
            self.held = 0;
        }
        self.held += size;
        self.stages.insert(key, Arc::clone(stage));
    }
}

/// One asker's answer to a question.
pub struct Answer {
    pub understood: Arc<Stage>,
    /// The relaxation that found something, when the question as understood found nothing.
    pub relaxed: Option<Arc<Stage>>,
    pub people: Vec<Hit>,
    pub projects: Vec<Hit>,
}

/// Answers `question` for `asker` from `index` (of `generation`), using and filling `kept`. CPU work: run off the
/// async threads.
pub fn answer(
    kept: &std::sync::Mutex<Kept>,
    index: &Index,
    generation: u64,
    question: &str,
    asker: &Asker,
    limit: usize,
) -> Answer {
    let positioned = asker.position.is_some();
    let stage = |at: usize, make: &dyn Fn() -> (Understanding, Vec<Loosened>)| -> Arc<Stage> {
        let key = (question.to_string(), at, positioned);
        if let Some(stage) = crate::sync::lock(kept).get(generation, &key) {
            return stage;
        }
        let (understood, way) = make();
        let near_me = understood.near_me && positioned;
        let stage = Arc::new(Stage {
            people: rank::people(index, &understood, near_me, &|_| false),
            projects: rank::projects(index, &understood, near_me),
            understood,
            way,
        });
        // A ranking cut short because its asker went is nobody's answer.
        if !crate::cpu_line::caller_gone() {
            crate::sync::lock(kept).keep(generation, key, &stage);
        }
        stage
    };
    let vocabulary = Vocabulary {
        words: &index.vocabulary,
        by_letter: &index.by_letter,
        skills: &index.skills,
        location_words: &index.location_words,
    };
    let first = stage(0, &|| (understand(question, &vocabulary), Vec::new()));
    let (people, projects) = hits_for(index, &first, asker, limit);
    if !people.is_empty() || !projects.is_empty() {
        return Answer { understood: first, relaxed: None, people, projects };
    }
    for (at, way) in relax::ways(&first.understood).into_iter().enumerate() {
        if crate::cpu_line::caller_gone() {
            break;
        }
        let looser = stage(at + 1, &|| (relax::without(&first.understood, &way), way.clone()));
        let (people, projects) = hits_for(index, &looser, asker, limit);
        if !people.is_empty() || !projects.is_empty() {
            return Answer { understood: first, relaxed: Some(looser), people, projects };
        }
    }
    Answer { understood: first, relaxed: None, people, projects }
}

/// A stage's people and projects for one asker: from its rankings, or, where those cannot answer this asker
/// exactly (the best is someone they may not see), people ranked again without those they may not see.
fn hits_for(index: &Index, stage: &Stage, asker: &Asker, limit: usize) -> (Vec<Hit>, Vec<Hit>) {
    let theirs = |id: i64| id == asker.id || asker.hidden.contains(&id);
    let people_at = |id| index.people.get(id).and_then(|d| d.position);
    let asking = Asking { position: asker.position, left_out: &theirs };
    let people = rank::choose(&stage.people, asking, limit, people_at).unwrap_or_else(|| {
        let near_me = stage.understood.near_me && asker.position.is_some();
        let ranked = rank::people(index, &stage.understood, near_me, &theirs);
        rank::choose(&ranked, asking, limit, people_at).unwrap_or_default()
    });
    let projects =
        rank::choose(&stage.projects, Asking { position: asker.position, left_out: &|_| false }, limit, |id| {
            index.projects.get(id).and_then(|d| d.position)
        })
        .unwrap_or_default();
    (people, projects)
}
