//! The configuration of the example application (`examples/data/app.hcl.json`):
//! the types `app_config` decodes and `json_schema` describes. Their doc
//! comments are the descriptions an editor shows from the schema.

// `json_schema` reads the types, never the fields' values.
#![allow(dead_code)]

use hcl_json::HclDecode;

/// The inventory service's configuration.
#[derive(HclDecode, Debug)]
pub(crate) struct AppConfig {
    /// The service's name, as it appears in logs and metrics.
    #[hcl(attr)]
    pub(crate) name: String,
    /// The version deployed.
    #[hcl(attr)]
    pub(crate) version: String,
    /// How many instances run.
    #[hcl(attr)]
    pub(crate) replicas: u32,
    /// Where the service accepts connections.
    #[hcl(block)]
    pub(crate) listen: Listen,
    /// The database connections.
    #[hcl(block)]
    pub(crate) database: Database,
    /// Feature flags, one block per feature, named by its label.
    #[hcl(block)]
    pub(crate) feature: Vec<Feature>,
    /// The greeting shown on the front page (a template).
    #[hcl(attr)]
    pub(crate) greeting: String,
    /// Tags attached to every metric.
    #[hcl(attr)]
    pub(crate) tags: Vec<String>,
    /// Read in literal-only mode: `${...}` stays as written.
    #[hcl(attr, literal)]
    pub(crate) note: Option<String>,
}

/// A listening address.
#[derive(HclDecode, Debug)]
pub(crate) struct Listen {
    /// The interface's address (`0.0.0.0` for all).
    #[hcl(attr)]
    pub(crate) address: String,
    /// The TCP port.
    #[hcl(attr)]
    pub(crate) port: u16,
}

/// The primary database and its read replicas.
#[derive(HclDecode, Debug)]
pub(crate) struct Database {
    /// The database written to.
    #[hcl(block)]
    pub(crate) primary: Connection,
    /// Read-only replicas, in order of preference.
    #[hcl(block)]
    pub(crate) replica: Vec<Connection>,
}

/// A connection to a database.
#[derive(HclDecode, Debug)]
pub(crate) struct Connection {
    /// The database's URL.
    #[hcl(attr)]
    pub(crate) url: String,
    /// How many connections the pool keeps open.
    #[hcl(attr)]
    pub(crate) pool_size: u16,
    /// How long to wait for a connection, in milliseconds (1000 when absent).
    #[hcl(attr)]
    pub(crate) timeout_ms: Option<u64>,
}

/// A feature flag.
#[derive(HclDecode, Debug)]
pub(crate) struct Feature {
    /// The feature's name.
    #[hcl(label)]
    pub(crate) name: String,
    /// Whether the feature is on.
    #[hcl(attr)]
    pub(crate) enabled: bool,
    /// The share of requests that see it, from 0 to 1.
    #[hcl(attr)]
    pub(crate) rollout: f64,
}
