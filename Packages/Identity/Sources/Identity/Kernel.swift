// The kernel's types (clocks, randomness, digests, the limiter...) are part of Identity's API: every feature that
// imports Identity uses them, so they come with it.
@_exported import Kernel
