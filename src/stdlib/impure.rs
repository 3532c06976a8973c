//! The unpredictable functions, opt-in: [`Unpredictable`] and the
//! functions it grants.

use std::fmt;
use std::sync::Arc;

use super::time::Timestamp;
use super::Def;
use crate::eval::{EvalContext, Function, FunctionError};
use crate::value::{Type, Value};

type Clock = Arc<dyn Fn() -> Timestamp + Send + Sync>;
type Random = Arc<dyn Fn(&mut [u8]) -> Result<(), String> + Send + Sync>;

/// Where the unpredictable functions get the time and random bytes; each
/// source not given makes its functions return unknown values.
///
/// The unpredictable functions are opt-in: `timestamp`, `plantimestamp`,
/// `uuid` and `bcrypt` (feature `bcrypt`). Their results depend on the
/// clock or on randomness, so none is in
/// [`EvalContext::with_stdlib`]; an application grants them with
/// [`EvalContext::with_unpredictable`] and an `Unpredictable` that says
/// where the time and the random bytes come from.
///
/// What is not granted follows Terraform's rule for a pure context (its
/// validation pass): the function still checks its arguments, but returns
/// an unknown string instead of calling the clock or the random source, so
/// a configuration that uses it still validates.
///
/// ```
/// use hcl_json::stdlib::{Timestamp, Unpredictable};
/// use hcl_json::{EvalContext, Type, Value};
///
/// // Validation: every unpredictable function gives an unknown string.
/// let pure = EvalContext::new().with_unpredictable(Unpredictable::unknown());
/// let uuid = pure.function("uuid").unwrap();
/// assert_eq!(uuid.call(&[]), Ok(Value::unknown(Type::String)));
///
/// // A plan: the time the application chose.
/// let t = Timestamp::parse_rfc3339("2024-05-01T12:00:00Z").unwrap();
/// let plan = EvalContext::new()
///     .with_unpredictable(Unpredictable::unknown().with_plan_timestamp(t));
/// let f = plan.function("plantimestamp").unwrap();
/// assert_eq!(f.call(&[]), Ok(Value::from("2024-05-01T12:00:00Z")));
/// ```
#[derive(Clone, Default)]
pub struct Unpredictable {
    clock: Option<Clock>,
    plan_timestamp: Option<Timestamp>,
    random: Option<Random>,
}

impl fmt::Debug for Unpredictable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Unpredictable")
            .field("clock", &self.clock.is_some())
            .field("plan_timestamp", &self.plan_timestamp)
            .field("random", &self.random.is_some())
            .finish()
    }
}

impl Unpredictable {
    /// No source at all: every unpredictable function returns an unknown
    /// string (Terraform's pure context).
    pub fn unknown() -> Unpredictable {
        Unpredictable::default()
    }

    /// The system clock for `timestamp` and `plantimestamp` (the time of
    /// this call), and, with the `os-random` feature, the operating
    /// system's random generator for `uuid` and `bcrypt`.
    pub fn system() -> Unpredictable {
        let u = Unpredictable::unknown()
            .with_clock(Timestamp::now)
            .with_plan_timestamp(Timestamp::now());
        #[cfg(feature = "os-random")]
        let u = u.with_random(|buf| getrandom::fill(buf).map_err(|e| e.to_string()));
        u
    }

    /// With the clock `timestamp` reads.
    pub fn with_clock(mut self, clock: impl Fn() -> Timestamp + Send + Sync + 'static) -> Self {
        self.clock = Some(Arc::new(clock));
        self
    }

    /// With the time `plantimestamp` returns (the time the plan began).
    pub fn with_plan_timestamp(mut self, at: Timestamp) -> Self {
        self.plan_timestamp = Some(at);
        self
    }

    /// With the source of random bytes `uuid` and `bcrypt` use.
    pub fn with_random(
        mut self,
        fill: impl Fn(&mut [u8]) -> Result<(), String> + Send + Sync + 'static,
    ) -> Self {
        self.random = Some(Arc::new(fill));
        self
    }

    /// The unpredictable functions, by name.
    pub fn functions(&self) -> Vec<(&'static str, Function)> {
        #[allow(unused_mut)]
        let mut all = vec![
            ("plantimestamp", self.plantimestamp()),
            ("timestamp", self.timestamp()),
            ("uuid", self.uuid()),
        ];
        #[cfg(feature = "bcrypt")]
        all.push(("bcrypt", self.bcrypt()));
        all
    }

    fn timestamp(&self) -> Function {
        let clock = self.clock.clone();
        Def::new("Returns the current time as an RFC 3339 timestamp in UTC.")
            .impure()
            .returns(Type::String)
            .build(move |_| {
                Ok(match &clock {
                    Some(now) => Value::from(now().to_rfc3339()),
                    None => Value::unknown(Type::String),
                })
            })
    }

    fn plantimestamp(&self) -> Function {
        let at = self.plan_timestamp;
        Def::new("Returns the time the plan began as an RFC 3339 timestamp.")
            .impure()
            .returns(Type::String)
            .build(move |_| {
                Ok(match at {
                    Some(t) => Value::from(t.to_rfc3339()),
                    None => Value::unknown(Type::String),
                })
            })
    }

    fn uuid(&self) -> Function {
        let random = self.random.clone();
        Def::new("Returns a random (version 4) UUID.")
            .impure()
            .returns(Type::String)
            .build(move |_| {
                let Some(fill) = &random else {
                    return Ok(Value::unknown(Type::String));
                };
                let mut bytes = [0u8; 16];
                fill(&mut bytes)
                    .map_err(|e| FunctionError::new(format!("no random bytes: {e}")))?;
                bytes[6] = (bytes[6] & 0x0f) | 0x40;
                bytes[8] = (bytes[8] & 0x3f) | 0x80;
                Ok(Value::from(format_uuid(&bytes)))
            })
    }

    #[cfg(feature = "bcrypt")]
    fn bcrypt(&self) -> Function {
        use super::int_arg;
        use crate::eval::Param;
        let random = self.random.clone();
        Def::new("Returns the Blowfish (bcrypt) hash of a string, with a random salt.")
            .impure()
            .param("str", Type::String, "The string to hash.")
            .variadic(Param::new("cost", Type::Number).describe("The cost (4 to 31; 10 when omitted)."))
            .returns(Type::String)
            .build(move |args| {
                let text = super::str_arg(args, 0)?;
                if args.len() > 2 {
                    return Err(FunctionError::new(
                        "bcrypt() takes no more than two arguments",
                    ));
                }
                let cost = if args.len() == 2 { int_arg(args, 1)? } else { 10 };
                if !(4..=31).contains(&cost) {
                    return Err(FunctionError::new(format!(
                        "crypto/bcrypt: bcrypt cost {cost} is outside allowed inclusive range 4..=31"
                    )));
                }
                if text.len() > 72 {
                    return Err(FunctionError::new("bcrypt: password length exceeds 72 bytes"));
                }
                let Some(fill) = &random else {
                    return Ok(Value::unknown(Type::String));
                };
                let mut salt = [0u8; 16];
                fill(&mut salt).map_err(|e| FunctionError::new(format!("no random bytes: {e}")))?;
                let hash = bcrypt::hash_with_salt(text, cost as u32, salt)
                    .map_err(|e| FunctionError::new(format!("error occurred generating password {e}")))?;
                Ok(Value::from(hash.format_for_version(bcrypt::Version::TwoA)))
            })
    }
}

fn format_uuid(b: &[u8; 16]) -> String {
    let hex = b.iter().fold(String::with_capacity(32), |mut s, x| {
        let _ = std::fmt::Write::write_fmt(&mut s, format_args!("{x:02x}"));
        s
    });
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

impl EvalContext {
    /// This context with the unpredictable functions (`timestamp`,
    /// `plantimestamp`, `uuid`, `bcrypt`) drawing on `sources`; see
    /// [`Unpredictable`].
    pub fn with_unpredictable(self, sources: Unpredictable) -> EvalContext {
        self.with_builtins(sources.functions())
    }
}
