// The contract's plumbing (`WireRoute`, `WireError`, `WireCodedError`, `KithJSON`...) is the kernel's, shared by every
// feature's Wire module; it comes with IdentityWire, as it did before it moved there.
@_exported import Kernel
