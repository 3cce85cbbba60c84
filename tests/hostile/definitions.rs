//! Definitions and the command-line loaders: quadratic inputs and `extends:` paths.
