//! The JSON Lines event log. (Owned by the judge work, issue 2.)
