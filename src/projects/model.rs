//! Wire and row types of projects and what hangs off them (spec 001 §3).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::time::rfc3339;

pub(super) fn json_list(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

/// A project row with its owner's name and photo, its task counts and the caller's relation to it.
#[derive(Clone)]
pub struct ProjectRow {
    pub id: i64,
    pub owner_id: i64,
    pub title: String,
    pub description: String,
    pub category: String,
    pub phase: String,
    pub image_urls: String,
    pub looking_for: String,
    pub supporter_count: i64,
    pub is_active: i64,
    pub is_published: i64,
    pub is_protected: i64,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Moves with every change to what the card shows (migration 0012).
    pub card_version: i64,
    pub owner_first_name: String,
    pub owner_last_name: String,
    pub owner_profile_image_url: Option<String>,
    pub task_count: i64,
    pub completed_task_count: i64,
    pub collaborator_count: i64,
    /// 1 when the caller supports it.
    pub supported_by_me: i64,
    /// `owner`, `collaborator`, `viewer` or `` (none).
    pub my_role: String,
}
crate::from_row!(ProjectRow {
    id,
    owner_id,
    title,
    description,
    category,
    phase,
    image_urls,
    looking_for,
    supporter_count,
    is_active,
    is_published,
    is_protected,
    lat,
    lng,
    created_at,
    updated_at,
    card_version,
    owner_first_name,
    owner_last_name,
    owner_profile_image_url,
    task_count,
    completed_task_count,
    collaborator_count,
    supported_by_me,
    my_role
});

impl ProjectRow {
    pub fn images(&self) -> Vec<String> {
        json_list(&self.image_urls)
    }

    pub fn looking_for_list(&self) -> Vec<String> {
        json_list(&self.looking_for)
    }

    pub fn is_member(&self) -> bool {
        !self.my_role.is_empty()
    }

    pub fn is_owner(&self) -> bool {
        self.my_role == "owner"
    }

    /// The owner or a collaborator: who works on it (completes tasks, uses its chat). A `viewer`
    /// is on it too but only follows it (API.md "Limits and fair play": project roles).
    pub fn is_worker(&self) -> bool {
        matches!(self.my_role.as_str(), "owner" | "collaborator")
    }

    pub fn owner_name(&self) -> String {
        format!("{} {}", self.owner_first_name, self.owner_last_name).trim().to_string()
    }

    /// Who may see it: everyone once published, else only its owner and collaborators.
    pub fn visible(&self) -> bool {
        (self.is_published == 1 && self.is_active == 1) || self.is_member()
    }

    pub fn to_wire(&self, collaborators: Vec<i64>) -> Project {
        Project {
            id: self.id,
            title: self.title.clone(),
            description: self.description.clone(),
            category: self.category.clone(),
            phase: self.phase.clone(),
            image_urls: self.images(),
            owner_id: self.owner_id,
            owner_name: self.owner_name(),
            owner_first_name: self.owner_first_name.clone(),
            owner_last_name: self.owner_last_name.clone(),
            owner_profile_image_url: self.owner_profile_image_url.clone(),
            looking_for: self.looking_for_list(),
            collaborators,
            collaborator_count: self.collaborator_count,
            supporter_count: self.supporter_count,
            is_active: self.is_active == 1,
            is_published: self.is_published == 1,
            is_protected: self.is_protected == 1,
            lat: self.lat,
            lng: self.lng,
            task_count: self.task_count,
            completed_task_count: self.completed_task_count,
            is_supported: self.supported_by_me == 1,
            my_role: (!self.my_role.is_empty()).then(|| self.my_role.clone()),
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

/// A project (spec 001 §3), with the owner's name and photo for cards and the caller's relation.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub id: i64,
    pub title: String,
    pub description: String,
    /// One of API.md's categories, lowercase.
    pub category: String,
    /// `idea`, `planning`, `prototype`, `development` or `launch`.
    pub phase: String,
    pub image_urls: Vec<String>,
    pub owner_id: i64,
    pub owner_name: String,
    pub owner_first_name: String,
    pub owner_last_name: String,
    pub owner_profile_image_url: Option<String>,
    /// At most two of Innovator, Collaborator, Explorer.
    pub looking_for: Vec<String>,
    /// The collaborators' user ids.
    pub collaborators: Vec<i64>,
    pub collaborator_count: i64,
    pub supporter_count: i64,
    pub is_active: bool,
    pub is_published: bool,
    pub is_protected: bool,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub task_count: i64,
    pub completed_task_count: i64,
    /// True when the caller supports it.
    pub is_supported: bool,
    /// The caller's place in it: `owner`, `collaborator`, `viewer`, or none.
    pub my_role: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewProject {
    #[schema(max_length = 200)]
    pub title: String,
    #[schema(max_length = 5000)]
    pub description: Option<String>,
    pub category: Option<String>,
    pub phase: Option<String>,
    pub looking_for: Option<Vec<String>>,
    /// At most 5 addresses from `/api/upload`.
    pub image_urls: Option<Vec<String>>,
    pub is_published: Option<bool>,
    pub is_protected: Option<bool>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedProject {
    #[serde(flatten)]
    pub project: Project,
    /// 50 to 200, more for a fuller project; 0 past today's cap.
    pub coins_earned: i64,
    /// True when the act would have paid but today's cap for its kind was reached (API.md "Coins").
    pub coins_capped: bool,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct ProjectChanges {
    pub title: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub phase: Option<String>,
    pub looking_for: Option<Vec<String>>,
    pub image_urls: Option<Vec<String>>,
    pub is_published: Option<bool>,
    pub is_protected: Option<bool>,
}

#[derive(Clone)]
pub struct TaskRow {
    pub id: i64,
    pub project_id: i64,
    pub title: String,
    pub description: Option<String>,
    pub assigned_to: Option<i64>,
    pub is_completed: i64,
    pub completed_by: Option<i64>,
    pub completed_at: Option<i64>,
    pub attachments: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub assignee_username: Option<String>,
    pub completer_username: Option<String>,
    pub completer_first_name: Option<String>,
}
crate::from_row!(TaskRow {
    id,
    project_id,
    title,
    description,
    assigned_to,
    is_completed,
    completed_by,
    completed_at,
    attachments,
    created_at,
    updated_at,
    assignee_username,
    completer_username,
    completer_first_name
});

impl TaskRow {
    pub fn to_wire(&self) -> Task {
        Task {
            id: self.id,
            project_id: self.project_id,
            title: self.title.clone(),
            description: self.description.clone(),
            assigned_to: self.assigned_to,
            assigned_to_username: self.assignee_username.clone(),
            is_completed: self.is_completed == 1,
            completed_by: self.completed_by,
            completed_by_username: self.completer_username.clone(),
            completed_by_name: self.completer_first_name.clone(),
            completed_at: self.completed_at.map(rfc3339),
            attachments: json_list(&self.attachments),
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

/// A project task (spec 001 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: i64,
    pub project_id: i64,
    pub title: String,
    pub description: Option<String>,
    pub assigned_to: Option<i64>,
    pub assigned_to_username: Option<String>,
    pub is_completed: bool,
    pub completed_by: Option<i64>,
    pub completed_by_username: Option<String>,
    pub completed_by_name: Option<String>,
    pub completed_at: Option<String>,
    pub attachments: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewTask {
    #[schema(max_length = 255)]
    pub title: String,
    pub description: Option<String>,
    /// Addresses from `/api/upload`.
    pub attachments: Option<Vec<String>>,
}

/// A task edit: `description` or `attachments` sent as null clear them (spec 001 §5).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskChanges {
    pub title: Option<String>,
    #[serde(default, deserialize_with = "crate::accounts::model::present")]
    #[schema(value_type = Option<String>)]
    pub description: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::accounts::model::present")]
    #[schema(value_type = Option<Vec<String>>)]
    pub attachments: Option<Option<Vec<String>>>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignTask {
    /// The owner or a collaborator; null unassigns.
    pub assigned_to: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletedTask {
    #[serde(flatten)]
    pub task: Task,
    pub coins_earned: i64,
    /// True when the act would have paid but today's cap for its kind was reached (API.md "Coins").
    pub coins_capped: bool,
}

pub struct PostRow {
    pub id: i64,
    pub project_id: i64,
    pub author_id: i64,
    pub title: Option<String>,
    pub content: String,
    pub image_url: Option<String>,
    pub parent_id: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub author_first_name: String,
    pub author_last_name: String,
    pub author_profile_image: Option<String>,
}
crate::from_row!(PostRow {
    id,
    project_id,
    author_id,
    title,
    content,
    image_url,
    parent_id,
    created_at,
    updated_at,
    author_first_name,
    author_last_name,
    author_profile_image
});

impl PostRow {
    fn author_name(&self) -> String {
        format!("{} {}", self.author_first_name, self.author_last_name).trim().to_string()
    }

    pub fn to_update(&self) -> ProjectUpdate {
        ProjectUpdate {
            id: self.id,
            project_id: self.project_id,
            author_id: self.author_id,
            author_name: self.author_name(),
            title: self.title.clone().unwrap_or_default(),
            content: self.content.clone(),
            image_url: self.image_url.clone(),
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }

    pub fn to_feedback(&self) -> Feedback {
        Feedback {
            id: self.id,
            project_id: self.project_id,
            author_id: self.author_id,
            author_name: self.author_name(),
            author_profile_image: self.author_profile_image.clone(),
            content: self.content.clone(),
            image_url: self.image_url.clone(),
            parent_id: self.parent_id,
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

/// A project update (spec 001 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectUpdate {
    pub id: i64,
    pub project_id: i64,
    pub author_id: i64,
    pub author_name: String,
    pub title: String,
    pub content: String,
    pub image_url: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewUpdate {
    pub title: String,
    pub content: String,
    /// A data URL of an image, or an address from `/api/upload`.
    pub image_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedUpdate {
    #[serde(flatten)]
    pub update: ProjectUpdate,
    /// How many supporters were notified.
    pub supporter_count: i64,
}

/// A feedback comment or reply (spec 001 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Feedback {
    pub id: i64,
    pub project_id: i64,
    pub author_id: i64,
    pub author_name: String,
    pub author_profile_image: Option<String>,
    pub content: String,
    pub image_url: Option<String>,
    /// The comment this replies to.
    pub parent_id: Option<i64>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewFeedback {
    pub content: String,
    /// A data URL of an image, or an address from `/api/upload`.
    pub image_url: Option<String>,
    pub parent_id: Option<i64>,
}

pub struct CollaboratorRow {
    pub id: i64,
    pub project_id: i64,
    pub user_id: i64,
    pub role: String,
    pub added_at: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
}
crate::from_row!(CollaboratorRow {
    id,
    project_id,
    user_id,
    role,
    added_at,
    username,
    first_name,
    last_name,
    profile_image_url
});

impl CollaboratorRow {
    pub fn to_wire(&self) -> Collaborator {
        Collaborator {
            id: self.id,
            project_id: self.project_id,
            user_id: self.user_id,
            role: self.role.clone(),
            added_at: rfc3339(self.added_at),
            user: CollaboratorUser {
                id: self.user_id,
                username: self.username.clone(),
                first_name: self.first_name.clone(),
                last_name: self.last_name.clone(),
                profile_image_url: self.profile_image_url.clone(),
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollaboratorUser {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
}

/// A project collaborator (spec 001 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collaborator {
    pub id: i64,
    pub project_id: i64,
    pub user_id: i64,
    /// `collaborator` or `viewer`.
    pub role: String,
    pub added_at: String,
    pub user: CollaboratorUser,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddCollaborator {
    pub user_id: i64,
    /// `collaborator` (default) or `viewer`.
    pub role: Option<String>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct JoinRequest {
    /// Innovator, Collaborator or Explorer (the join screen's choice).
    pub role: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinResponse {
    /// True when the caller is now a collaborator; false when the project is protected and a
    /// request went to its owner instead.
    pub joined: bool,
    pub requested: bool,
    pub message: String,
    pub coins_earned: i64,
    /// True when the act would have paid but today's cap for its kind was reached (API.md "Coins").
    pub coins_capped: bool,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct CollaborationRequestBody {
    #[schema(max_length = 500)]
    pub message: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportResponse {
    pub supporter_count: i64,
    pub coins_earned: i64,
    /// True when the act would have paid but today's cap for its kind was reached (API.md "Coins").
    pub coins_capped: bool,
}
