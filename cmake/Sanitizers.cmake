# Sanitized builds of the core, the shim and every C target (tests, stress, examples, fuzzer).
#
#   cmake -S . -B build-asan -G Ninja -DCMAKE_C_COMPILER=/opt/swift/usr/bin/clang \
#         -DANIMCORE_SANITIZE="address;undefined"
#   cmake -S . -B build-tsan -G Ninja -DCMAKE_C_COMPILER=/opt/swift/usr/bin/clang \
#         -DANIMCORE_SANITIZE=thread
#
# ANIMCORE_SANITIZE is a list of: address, undefined, thread (thread excludes address), and
# fuzzer (coverage instrumentation of the library for libFuzzer; set by `make fuzz`, which
# also builds Tests/fuzz). The C compiler must be the Swift toolchain's clang: its compiler-rt
# is the one swiftc links against (gcc's libasan would be a second, clashing runtime).
#
# - C: -fsanitize=..., -fno-omit-frame-pointer, -g; UBSan errors are fatal
#   (-fno-sanitize-recover=all) so CTest sees them as failures. fuzzer becomes
#   -fsanitize=fuzzer-no-link (coverage only; the fuzz target links libFuzzer itself).
# - Swift: -sanitize=address / thread / fuzzer. swiftc has no UndefinedBehaviorSanitizer on
#   Linux (-sanitize=undefined is refused); Swift checks overflow and bounds itself (a trap),
#   so "undefined" applies to the C code only. -gline-tables-only gives reports file:line.
# - The Swift runtime stays linked statically (-static-stdlib, as in the normal build): checked
#   with ASan, UBSan, TSan and libFuzzer — the instrumented .so leaves the sanitizer runtime's
#   symbols undefined and the executable (linked by clang -fsanitize=...) provides them; the
#   uninstrumented runtime's malloc/free go through ASan's interceptors like everyone else's.
# - C executables link with the toolchain's lld (gold warns about every sanitizer symbol).
# - ThreadSanitizer: the toolchain's TSan runtime intercepts libdispatch, so every C executable
#   links the toolchain's libdispatch and libBlocksRuntime (as swiftc does for Swift programs).
# - Run sanitized programs with SWIFT_BACKTRACE=enable=no: the Swift runtime's crash handler
#   trips ASan after an abort.
set(ANIMCORE_SANITIZE "" CACHE STRING
    "Sanitizers for the library and the C targets: a list of address, undefined, thread, fuzzer")

if(ANIMCORE_SANITIZE)
  set(ac_san_c "")
  set(ac_san_swift "")
  foreach(ac_san IN LISTS ANIMCORE_SANITIZE)
    if(ac_san STREQUAL "address" OR ac_san STREQUAL "thread")
      list(APPEND ac_san_c ${ac_san})
      list(APPEND ac_san_swift ${ac_san})
    elseif(ac_san STREQUAL "undefined")
      list(APPEND ac_san_c undefined)
    elseif(ac_san STREQUAL "fuzzer")
      list(APPEND ac_san_c fuzzer-no-link)
      list(APPEND ac_san_swift fuzzer)
    else()
      message(FATAL_ERROR "ANIMCORE_SANITIZE: unknown sanitizer '${ac_san}' "
                          "(address, undefined, thread, fuzzer)")
    endif()
  endforeach()
  if("thread" IN_LIST ANIMCORE_SANITIZE AND "address" IN_LIST ANIMCORE_SANITIZE)
    message(FATAL_ERROR "ANIMCORE_SANITIZE: thread and address cannot be combined")
  endif()
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    get_filename_component(ac_swift_bin "${CMAKE_Swift_COMPILER}" DIRECTORY)
    message(FATAL_ERROR "ANIMCORE_SANITIZE needs the Swift toolchain's clang as the C compiler: "
                        "-DCMAKE_C_COMPILER=${ac_swift_bin}/clang (a new build directory)")
  endif()
  list(JOIN ac_san_c "," ac_san_c)
  list(JOIN ac_san_swift "," ac_san_swift)

  add_compile_options(
    "$<$<COMPILE_LANGUAGE:C>:-fsanitize=${ac_san_c};-fno-omit-frame-pointer;-g>")
  if("undefined" IN_LIST ANIMCORE_SANITIZE)
    add_compile_options("$<$<COMPILE_LANGUAGE:C>:-fno-sanitize-recover=all>")
  endif()
  # fuzzer-no-link is a compile-time option only.
  string(REPLACE "fuzzer-no-link" "" ac_san_c_link "${ac_san_c}")
  string(REGEX REPLACE ",+" "," ac_san_c_link "${ac_san_c_link}")
  string(REGEX REPLACE "^,|,$" "" ac_san_c_link "${ac_san_c_link}")
  if(ac_san_c_link)
    add_link_options("$<$<LINK_LANGUAGE:C>:-fsanitize=${ac_san_c_link}>")
  endif()
  # lld (the toolchain's): gold prints a warning per sanitizer symbol it cannot export.
  add_link_options("$<$<LINK_LANGUAGE:C>:-fuse-ld=lld>")
  if(ac_san_swift)
    add_compile_options("$<$<COMPILE_LANGUAGE:Swift>:-sanitize=${ac_san_swift};-gline-tables-only>")
    add_link_options("$<$<LINK_LANGUAGE:Swift>:-sanitize=${ac_san_swift}>")
  endif()
  if("thread" IN_LIST ANIMCORE_SANITIZE)
    get_filename_component(ac_swift_bin "${CMAKE_Swift_COMPILER}" DIRECTORY)
    get_filename_component(ac_swift_linux "${ac_swift_bin}/../lib/swift/linux" ABSOLUTE)
    add_link_options("$<$<LINK_LANGUAGE:C>:-L${ac_swift_linux};-ldispatch;-lBlocksRuntime;-Wl,-rpath,${ac_swift_linux}>")
  endif()
  message(STATUS "animcore: sanitizers C: ${ac_san_c}; Swift: ${ac_san_swift}")
endif()
