//! How the heap gives memory back (issue: capacity, "Memory"). glibc's malloc raises its mmap
//! threshold each time a large block is freed, so after the first password hash (argon2 works in 19
//! MiB) or image decode, such blocks come from the heap of the arena of whichever blocking thread
//! ran the work, and stay with the process once freed: one per arena, up to eight arenas a core.
//! That is how 10,000 sign-ups left a server holding 272 MiB. A fixed threshold keeps every block
//! past it in its own mapping, returned to the system when freed, and fewer arenas bound what small
//! blocks can strand. Elsewhere (musl, other systems) nothing is changed.

/// Large blocks are mapped on their own from this size: a hash's or an image's buffers, never a
/// request's small allocations.
pub const MMAP_THRESHOLD_BYTES: i32 = 256 * 1024;
/// Arenas the allocator may make: enough that two cores' worth of threads rarely wait on one.
pub const MAX_ARENAS: i32 = 4;

/// Applies the allocator settings (first thing in `main`); false when the allocator refused them.
pub fn tune_allocator() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::ffi::c_int;
        // glibc's <malloc.h>.
        const M_MMAP_THRESHOLD: c_int = -3;
        const M_ARENA_MAX: c_int = -8;
        extern "C" {
            fn mallopt(param: c_int, value: c_int) -> c_int;
        }
        // SAFETY: mallopt only sets allocator parameters; it is safe to call at any time, from any thread.
        unsafe { mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) == 1 && mallopt(M_ARENA_MAX, MAX_ARENAS) == 1 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    true
}
