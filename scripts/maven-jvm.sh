# Sourced by the scripts that run Maven. Maven 3.8 (Debian's) calls sun.misc.Unsafe through
# Guava, which JDK 24 and later warn about on every build (JEP 498): Maven's own JVM gets
# --sun-misc-unsafe-memory-access=allow where that JVM knows the option (JDK 23 and later).
maven_java=${JAVA_HOME:+$JAVA_HOME/bin/}java
if "$maven_java" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
  export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }--sun-misc-unsafe-memory-access=allow"
fi
