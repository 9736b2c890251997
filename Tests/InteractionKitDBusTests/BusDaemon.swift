import Foundation
import Glibc
import Testing
@testable import InteractionKitDBus
import InteractionKitTestSupport

/// Drives connections the way a toolkit loop does, polling their descriptors
/// and handling what is pending, until `condition` holds; records an issue
/// after `timeout` seconds instead of waiting forever.
func pump(_ connections: [DBusConnection], timeout: Double = 20, until condition: () -> Bool,
          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard deadline.timeIntervalSinceNow > 0 else {
            Issue.record("condition not met within \(timeout) seconds", sourceLocation: sourceLocation)
            return
        }
        var entries = connections.map { connection in
            pollfd(fd: connection.fileDescriptor,
                   events: Int16(POLLIN) | (connection.hasPendingOutput ? Int16(POLLOUT) : 0), revents: 0)
        }
        _ = poll(&entries, nfds_t(entries.count), 100)
        for connection in connections { try connection.handlePending() }
    }
}
