/* See allocation_counter.h. */
#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>

#if COUNTS_ALLOCATIONS
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static unsigned long long allocation_calls;

static inline void count_allocation(void) { __atomic_fetch_add(&allocation_calls, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count_allocation(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { count_allocation(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { count_allocation(); return __libc_realloc(pointer, size); }
/* free is wrapped so that pairs stay in one allocator whatever a library calls. */
void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_allocation();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

unsigned long long allocations(void) { return __atomic_load_n(&allocation_calls, __ATOMIC_RELAXED); }
#else
unsigned long long allocations(void) { return 0; }
#endif
