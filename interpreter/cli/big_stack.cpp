#include "big_stack.hpp"

#include <pthread.h>
#include <sys/mman.h>

namespace grundy {

namespace {
struct Job {
    std::function<int()> f;
    int result = 0;
};
void* trampoline(void* p) {
    auto* job = static_cast<Job*>(p);
    job->result = job->f();
    return nullptr;
}
}  // namespace

int run_with_big_stack(std::function<int()> f) {
    Job job{std::move(f)};
    // The largest stack the address space takes (a limit on it, ulimit -v, may refuse the first).
    void* stack = MAP_FAILED;
    std::size_t size = interpreter_stack_bytes;
    for (; size >= (std::size_t{64} << 20); size /= 4) {
        stack = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                     -1, 0);
        if (stack != MAP_FAILED) break;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (stack != MAP_FAILED) pthread_attr_setstack(&attr, stack, size);
    else pthread_attr_setstacksize(&attr, std::size_t{256} << 20);
    pthread_t thread;
    int failed = pthread_create(&thread, &attr, trampoline, &job);
    pthread_attr_destroy(&attr);
    if (failed) {
        if (stack != MAP_FAILED) munmap(stack, size);
        return job.f();  // fall back to this thread's stack
    }
    pthread_join(thread, nullptr);
    if (stack != MAP_FAILED) munmap(stack, size);
    return job.result;
}

}  // namespace grundy
