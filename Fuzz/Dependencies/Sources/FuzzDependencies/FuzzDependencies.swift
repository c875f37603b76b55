// Empty on purpose: this target only gathers the products of Package.swift for `Tools/fuzz`.
