// The C++ reference's side of the paired comparison (benches/reference.sh;
// swept's side is src/main.rs, whose doc gives the files): David Eberly's
// Geometric Tools (GTE), the FIQuery of a moving circle (sphere) against a
// moving aligned or oriented rectangle (box), from its published headers.
//
//   gte-reference QUERY BACKEND INPUT ANSWERS PASSES
//
// prints the fastest pass in ns a query and the checksum, and writes each
// query's code and time, as swept-reference's `run` does.
#include <Mathematics/IntrAlignedBox2Circle2.h>
#include <Mathematics/IntrAlignedBox3Sphere3.h>
#include <Mathematics/IntrOrientedBox2Circle2.h>
#include <Mathematics/IntrOrientedBox3Sphere3.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace gte;

// The queries of `path`, `k` values each.
static std::vector<double> read(char const* path, size_t k) {
    std::vector<double> v;
    FILE* f = std::fopen(path, "rb");
    if (!f) {
        std::perror(path);
        std::exit(1);
    }
    double x;
    while (std::fread(&x, sizeof x, 1, f) == 1) v.push_back(x);
    std::fclose(f);
    if (v.size() % k != 0) {
        std::fprintf(stderr, "%s: not whole queries\n", path);
        std::exit(1);
    }
    return v;
}

template <typename T>
struct W1 {
    AlignedBox2<T> aabb;
    OrientedBox2<T> obb;
    Vector2<T> boxVelocity;
    Circle2<T> circle;
    Vector2<T> circleVelocity;
};

template <typename T>
struct W4 {
    AlignedBox3<T> aabb;
    OrientedBox3<T> obb;
    Vector3<T> boxVelocity;
    Sphere3<T> sphere;
    Vector3<T> sphereVelocity;
};

template <typename T>
static W1<T> w1(double const* x) {
    auto v = [&](int i) { return Vector2<T>{(T)x[i], (T)x[i + 1]}; };
    W1<T> q;
    q.aabb = AlignedBox2<T>(v(0), v(2));
    q.obb.center = v(4);
    q.obb.axis[0] = v(6);
    q.obb.axis[1] = v(8);
    q.obb.extent = Vector2<T>{(T)x[10], (T)x[11]};
    q.boxVelocity = v(12);
    q.circle = Circle2<T>(v(14), (T)x[16]);
    q.circleVelocity = v(17);
    return q;
}

template <typename T>
static W4<T> w4(double const* x) {
    auto v = [&](int i) { return Vector3<T>{(T)x[i], (T)x[i + 1], (T)x[i + 2]}; };
    W4<T> q;
    q.aabb = AlignedBox3<T>(v(0), v(3));
    q.obb.center = v(6);
    q.obb.axis[0] = v(9);
    q.obb.axis[1] = v(12);
    q.obb.axis[2] = v(15);
    q.obb.extent = Vector3<T>{(T)x[18], (T)x[19], (T)x[20]};
    q.boxVelocity = v(21);
    q.sphere = Sphere3<T>(v(24), (T)x[27]);
    q.sphereVelocity = v(28);
    return q;
}

// Answers every query into `out`, one call each. Not inlined: the function
// an instruction count takes (--toggle-collect).
template <typename I, typename R, typename F>
__attribute__((noinline)) void answer_all(std::vector<I> const& items, F const& f,
                                          std::vector<R>& out) {
    for (size_t i = 0; i < items.size(); ++i) {
        I const* it = &items[i];
        asm volatile("" : "+r"(it));  // as Rust's black_box
        out[i] = f(*it);
    }
}

template <typename I, typename F>
static void timed(std::vector<I> const& items, F const& f, char const* answers, int passes) {
    using R = decltype(f(items[0]));
    std::vector<R> out(items.size());
    double best = 1e300;
    for (int p = 0; p < passes; ++p) {
        auto t = std::chrono::steady_clock::now();
        answer_all(items, f, out);
        std::chrono::duration<double> d = std::chrono::steady_clock::now() - t;
        if (d.count() < best) best = d.count();
        asm volatile("" : : "r"(out.data()) : "memory");
    }
    double sum = 0.0;
    std::vector<double> codes;
    for (R const& r : out) {
        double code = r.intersectionType, time = r.intersectionType == 1 ? (double)r.contactTime : 0.0;
        sum += code + time;
        codes.push_back(code);
        codes.push_back(time);
    }
    FILE* f2 = std::fopen(answers, "wb");
    if (!f2 || std::fwrite(codes.data(), sizeof(double), codes.size(), f2) != codes.size()) {
        std::perror(answers);
        std::exit(1);
    }
    std::fclose(f2);
    // The checksum in the shortest form that reads back as it, as Rust prints it.
    char text[64];
    *std::to_chars(text, text + sizeof text - 1, sum).ptr = 0;
    std::printf("%.2f %s\n", best * 1e9 / items.size(), text);
}

// The queries of `input`, `k` values each, as `parse` builds them.
template <typename Q>
static std::vector<Q> items(char const* input, size_t k, Q (*parse)(double const*)) {
    std::vector<double> x = read(input, k);
    std::vector<Q> out;
    for (size_t i = 0; i < x.size(); i += k) out.push_back(parse(&x[i]));
    return out;
}

template <typename T>
static void run(std::string const& query, char const* input, char const* answers, int passes) {
    if (query == "w1-aabb") {
        timed(items(input, 19, w1<T>), [](W1<T> const& q) {
            FIQuery<T, AlignedBox2<T>, Circle2<T>> fi;
            return fi(q.aabb, q.boxVelocity, q.circle, q.circleVelocity);
        }, answers, passes);
    } else if (query == "w1-obb") {
        timed(items(input, 19, w1<T>), [](W1<T> const& q) {
            FIQuery<T, OrientedBox2<T>, Circle2<T>> fi;
            return fi(q.obb, q.boxVelocity, q.circle, q.circleVelocity);
        }, answers, passes);
    } else if (query == "w4-aabb") {
        timed(items(input, 31, w4<T>), [](W4<T> const& q) {
            FIQuery<T, AlignedBox3<T>, Sphere3<T>> fi;
            return fi(q.aabb, q.boxVelocity, q.sphere, q.sphereVelocity);
        }, answers, passes);
    } else if (query == "w4-obb") {
        timed(items(input, 31, w4<T>), [](W4<T> const& q) {
            FIQuery<T, OrientedBox3<T>, Sphere3<T>> fi;
            return fi(q.obb, q.boxVelocity, q.sphere, q.sphereVelocity);
        }, answers, passes);
    } else {
        std::fprintf(stderr, "unknown query %s\n", query.c_str());
        std::exit(2);
    }
}

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: gte-reference QUERY BACKEND INPUT ANSWERS PASSES\n");
        return 2;
    }
    std::string backend = argv[2];
    int passes = std::atoi(argv[5]);
    if (backend == "f32") {
        run<float>(argv[1], argv[3], argv[4], passes);
    } else if (backend == "f64") {
        run<double>(argv[1], argv[3], argv[4], passes);
    } else {
        std::fprintf(stderr, "unknown backend %s\n", argv[2]);
        return 2;
    }
    return 0;
}
