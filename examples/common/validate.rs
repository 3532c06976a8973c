//! Checking a JSON document against a JSON Schema with boon, a JSON Schema
//! 2020-12 validator (a dev-dependency): how the examples and tests hold
//! `hcl_json::json_schema` to what the decoder reads.

/// The validator's messages for `doc` against `schema` (empty when valid);
/// an error when either text is not JSON or the schema does not compile.
pub(crate) fn validate(schema: &str, doc: &str) -> Result<Vec<String>, String> {
    let schema: serde_json::Value = serde_json::from_str(schema).map_err(|e| e.to_string())?;
    let doc: serde_json::Value = serde_json::from_str(doc).map_err(|e| e.to_string())?;
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler
        .add_resource("urn:config.schema.json", schema)
        .map_err(|e| e.to_string())?;
    let index = compiler
        .compile("urn:config.schema.json", &mut schemas)
        .map_err(|e| format!("{e:#}"))?;
    Ok(match schemas.validate(&doc, index) {
        Ok(()) => Vec::new(),
        Err(e) => format!("{e:#}").lines().map(str::to_string).collect(),
    })
}
