#include "big_stack.hpp"

#include <pthread.h>

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
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, interpreter_stack_bytes);
    pthread_t thread;
    if (pthread_create(&thread, &attr, trampoline, &job) != 0) {
        pthread_attr_destroy(&attr);
        return job.f();  // fall back to this thread's stack
    }
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    return job.result;
}

}  // namespace grundy
