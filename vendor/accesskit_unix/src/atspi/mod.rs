// Copyright 2022 The AccessKit Authors. All rights reserved.
// Licensed under the Apache License, Version 2.0 (found in
// the LICENSE-APACHE file) or the MIT license (found in
// the LICENSE-MIT file), at your option.

mod bus;
pub(crate) mod interfaces;
mod object_address;
mod object_id;

pub(crate) use bus::*;
pub(crate) use object_address::OwnedObjectAddress;
pub(crate) use object_id::{ObjectId, cache_path};
