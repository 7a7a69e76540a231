// The benchmark driver (`make bench`): see Benchmarks/README.md.
print("bench: not implemented yet")
