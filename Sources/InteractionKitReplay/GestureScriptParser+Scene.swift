import InteractionKitLinux

// The scene lines: the window, the text size, the layout, the tab bar,
// buttons, fields, the list, the scroll view, and the checks of the whole scene.

extension ParseState {
    mutating func parseWindow(_ line: inout LineReader) {
        guard let width = line.number("the window's width"), let height = line.number("the window's height") else { return }
        guard line.finish() else { return }
        guard width.value > 0, height.value > 0 else {
            line.fail(at: width.value > 0 ? height.column : width.column, "the window's size must be positive")
            return
        }
        scene.windowSize = Size(width: width.value, height: height.value)
    }

    mutating func parseContentSize(_ line: inout LineReader) {
        guard let token = line.word("a content size such as 'large' or 'accessibility-large'") else { return }
        guard let category = ContentSizeCategory(scriptName: token.text) else {
            line.fail(at: token.column, "unknown content size '\(token.text)'; expected one of: "
                + ContentSizeCategory.allCases.map(\.scriptName).joined(separator: ", "))
            return
        }
        guard line.finish() else { return }
        if inGesturePart {
            steps.append(GestureScript.Step(line: line.line, action: .contentSize(category)))
        } else {
            if sceneLinesSeen.contains("content-size") {
                line.fail(at: token.column, "'content-size' is given twice in the scene; keep one")
                return
            }
            sceneLinesSeen.insert("content-size")
            scene.contentSize = category
        }
    }

    mutating func parseLayout(_ line: inout LineReader) {
        guard let token = line.word("'ltr' or 'rtl'") else { return }
        switch token.text {
        case "ltr": scene.layoutDirection = .leftToRight
        case "rtl": scene.layoutDirection = .rightToLeft
        default:
            line.fail(at: token.column, "unknown layout '\(token.text)'; expected 'ltr' or 'rtl'")
            return
        }
        _ = line.finish()
    }

    mutating func parseTabBar(_ line: inout LineReader) {
        var titles: [String] = []
        while let token = line.next() {
            guard token.kind != .item else {
                line.fail(at: token.column, "a tab's title is written without '@' here")
                return
            }
            guard !titles.contains(token.text) else {
                line.fail(at: token.column, "the tab '\(token.text)' is listed twice; titles must be distinct")
                return
            }
            if let buttonLine = buttonLines[token.text] {
                line.fail(at: token.column, "the tab '\(token.text)' has the title of the button on line \(buttonLine); "
                    + "titles must be distinct so that @\(Self.written(token.text)) names one thing")
                return
            }
            titles.append(token.text)
        }
        guard !titles.isEmpty else {
            line.fail(at: line.endColumn, "expected the tabs' titles, as in: tabbar Home Search \"Now Playing\"")
            return
        }
        scene.tabTitles = titles
    }

    /// `button TITLE at X Y WIDTH HEIGHT [in scroll]`: a `Button` in window
    /// coordinates, or in the scroll view's content coordinates. The title
    /// is one quoted string or the words before `at` (`button Row 7 at …`).
    /// Its place is checked once the scene is complete (see `checkScene`).
    mutating func parseButton(_ line: inout LineReader) {
        let example = "as in: button Save at 20 100 120 44"
        guard let first = line.peek() else {
            line.fail(at: line.endColumn, "expected the button's title, then 'at X Y WIDTH HEIGHT', \(example)")
            return
        }
        guard first.kind != .item else {
            line.fail(at: first.column, "a button's title is written without '@' here, \(example)")
            return
        }
        if first.kind == .word && first.text == "at" {
            line.fail(at: first.column, "expected the button's title before 'at', \(example)")
            return
        }
        guard let words = wordsBeforeAt(&line, "a button's title", example) else { return }
        let title = ScriptToken(kind: words.count == 1 ? first.kind : .quoted, text: words.joined(separator: " "),
                                column: first.column)
        guard !title.text.isEmpty else {
            line.fail(at: title.column, "a button needs a title that is not empty, \(example)")
            return
        }
        guard let (x, y, width, height) = line.frame(afterAt: "the button's title", of: "the button's", example)
        else { return }
        var scrollColumn = 0
        if let word = line.peek(), word.kind == .word, word.text == "in" {
            line.index += 1
            let place = line.next()
            guard let place, place.kind == .word, place.text == "scroll" else {
                line.fail(at: place?.column ?? line.endColumn,
                          "expected 'scroll' after 'in': a button may be placed in the scroll view, as in: "
                          + "button Row 7 at 0 420 390 60 in scroll")
                return
            }
            scrollColumn = word.column
        }
        guard line.finish() else { return }
        guard width.value > 0 else {
            line.fail(at: width.column, "a button's width must be positive")
            return
        }
        guard height.value > 0 else {
            line.fail(at: height.column, "a button's height must be positive")
            return
        }
        if let tabs = scene.tabTitles, tabs.contains(title.text) {
            line.fail(at: title.column, "the button '\(title.text)' has the title of a tab; "
                + "titles must be distinct so that @\(Self.written(title.text)) names one thing")
            return
        }
        if let earlier = fieldLines[title.text] {
            line.fail(at: title.column, "the field on line \(earlier) is named '\(title.text)'; "
                + "titles must be distinct so that @\(Self.written(title.text)) names one thing")
            return
        }
        if let earlier = buttonLines[title.text] {
            line.fail(at: title.column, "a button titled '\(title.text)' is already on line \(earlier); "
                + "titles must be distinct so that @\(Self.written(title.text)) names one button")
            return
        }
        guard scene.buttons.count < GestureScriptParser.maximumButtons else {
            line.fail(at: line.tokens[0].column, "the scene has more than \(GestureScriptParser.maximumButtons) buttons")
            return
        }
        buttonLines[title.text] = line.line
        buttonPlaces.append((line.line, x.column, scrollColumn))
        scene.buttons.append(GestureScript.SceneButton(
            title: title.text, frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            isInScroll: scrollColumn != 0))
    }

    /// `field NAME at X Y WIDTH HEIGHT [placeholder "P"] [secure]`: a
    /// `TextField` in window coordinates. The name is one quoted string or
    /// the words before `at`, like a button's title; a tab may share it (the
    /// built-in window's Search field and Search tab), and `@NAME` then names
    /// neither. Its place is checked once the scene is complete.
    mutating func parseField(_ line: inout LineReader) {
        let example = "as in: field Search at 20 735 350 44 placeholder \"Search\""
        guard let first = line.peek(), !(first.kind == .word && first.text == "at") else {
            line.fail(at: line.peek()?.column ?? line.endColumn, "expected the field's name, then 'at X Y WIDTH HEIGHT', \(example)")
            return
        }
        guard let words = wordsBeforeAt(&line, "a field's name", example) else { return }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else {
            line.fail(at: first.column, "a field needs a name that is not empty, \(example)")
            return
        }
        guard let (x, y, width, height) = line.frame(afterAt: "the field's name", of: "the field's", example)
        else { return }
        var placeholder: String?
        var isSecure = false
        while let option = line.next() {
            switch (option.kind, option.text) {
            case (.word, "placeholder") where placeholder == nil:
                guard let text = line.next(), text.kind == .quoted else {
                    line.fail(at: option.column, "expected the placeholder in quotes after 'placeholder', \(example)")
                    return
                }
                placeholder = text.text
            case (.word, "secure") where !isSecure:
                isSecure = true
            default:
                line.fail(at: option.column, "unexpected '\(option.text)'; after the frame a field takes "
                    + "'placeholder \"TEXT\"' and 'secure', each once")
                return
            }
        }
        for (value, what) in [(width, "width"), (height, "height")] where value.value <= 0 {
            line.fail(at: value.column, "a field's \(what) must be positive")
            return
        }
        if let earlier = buttonLines[name] {
            line.fail(at: first.column, "the button on line \(earlier) is titled '\(name)'; "
                + "names must be distinct so that @\(Self.written(name)) names one thing")
            return
        }
        if let earlier = fieldLines[name] {
            line.fail(at: first.column, "a field named '\(name)' is already on line \(earlier); names must be distinct")
            return
        }
        guard scene.fields.count < GestureScriptParser.maximumFields else {
            line.fail(at: line.tokens[0].column, "the scene has more than \(GestureScriptParser.maximumFields) fields")
            return
        }
        fieldLines[name] = line.line
        fieldPlaces.append((line.line, x.column))
        scene.fields.append(GestureScript.SceneField(
            name: name, frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            placeholder: placeholder, isSecure: isSecure))
    }

    /// `list X Y WIDTH HEIGHT rows N [height H] [swipe "A" ["B" …]] [reorder]`:
    /// a `TableView` of N rows titled `Row 1` … `Row N`, H points high, with
    /// these trailing swipe actions, editing (its rows movable) with `reorder`.
    mutating func parseList(_ line: inout LineReader) {
        let example = "as in: list 0 100 390 600 rows 30 swipe \"Delete\""
        guard let (x, y, width, height) = line.frame(of: "the list's", example) else { return }
        let word = line.next()
        guard let word, word.kind == .word, word.text == "rows" else {
            line.fail(at: word?.column ?? line.endColumn, "expected 'rows' and how many after the frame, \(example)")
            return
        }
        let limit = GestureScriptParser.maximumListRows
        let count = line.next()
        guard let count, count.kind == .word, let rows = Int(count.text), rows >= 0, rows <= limit else {
            line.fail(at: count?.column ?? line.endColumn, "the number of rows is a whole number from 0 to \(limit)")
            return
        }
        var rowHeight = 44.0
        var actions: [String] = []
        var reorders = false
        var seen: Set<String> = []
        while let option = line.next() {
            guard option.kind == .word, !seen.contains(option.text) else {
                line.fail(at: option.column, "unexpected '\(option.text)'; after the rows a list takes 'height H', "
                    + "'swipe \"A\" …' and 'reorder', each once")
                return
            }
            seen.insert(option.text)
            switch option.text {
            case "height":
                guard let value = line.number("the rows' height in points") else { return }
                guard value.value > 0, value.value <= 10_000 else {
                    line.fail(at: value.column, "a row's height must be positive and at most 10000 points")
                    return
                }
                rowHeight = value.value
            case "swipe":
                while let title = line.peek(), title.kind == .quoted {
                    line.index += 1
                    guard !title.text.isEmpty, !actions.contains(title.text) else {
                        line.fail(at: title.column, "swipe actions have distinct titles that are not empty")
                        return
                    }
                    actions.append(title.text)
                }
                guard !actions.isEmpty, actions.count <= GestureScriptParser.maximumSwipeActions else {
                    line.fail(at: option.column, "'swipe' takes 1 to \(GestureScriptParser.maximumSwipeActions) "
                        + "quoted titles, \(example)")
                    return
                }
            case "reorder":
                reorders = true
            default:
                line.fail(at: option.column, "unexpected '\(option.text)'; after the rows a list takes 'height H', "
                    + "'swipe \"A\" …' and 'reorder', each once")
                return
            }
        }
        for (value, what) in [(width, "width"), (height, "height")] where value.value <= 0 {
            line.fail(at: value.column, "the list's \(what) must be positive")
            return
        }
        listPlace = (line.line, x.column)
        scene.list = GestureScript.SceneList(
            frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value), rowCount: rows,
            rowHeight: rowHeight, swipeActions: actions, reorders: reorders)
    }

    /// The tokens of a title before `at` (`button Row 7 at …`), read up to
    /// it; nil, with an error, at an `@`, which names an item and titles none.
    mutating func wordsBeforeAt(_ line: inout LineReader, _ what: String, _ example: String) -> [String]? {
        var words: [String] = []
        while let token = line.peek(), !(token.kind == .word && token.text == "at") {
            guard token.kind != .item else {
                line.fail(at: token.column, "\(what) is written without '@' here, \(example)")
                return nil
            }
            words.append(token.text)
            line.index += 1
        }
        return words
    }

    /// `scroll X Y WIDTH HEIGHT content WIDTH HEIGHT [paging] [refresh SECONDS]
    /// [zoom MIN MAX]`: a `ScrollView`
    /// in window coordinates and its content's size. Its place is checked
    /// once the scene is complete (see `checkScene`).
    mutating func parseScroll(_ line: inout LineReader) {
        let example = "as in: scroll 0 0 390 600 content 390 3000"
        guard let (x, y, width, height) = line.frame(of: "the scroll view's", example) else { return }
        let word = line.next()
        guard let word, word.kind == .word, word.text == "content" else {
            line.fail(at: word?.column ?? line.endColumn,
                      "expected 'content' and the content's width and height after the frame, \(example)")
            return
        }
        guard let contentWidth = line.number("the content's width"), let contentHeight = line.number("the content's height")
        else { return }
        var paging = false
        var refresh: Double?
        var zoom: ClosedRange<Double>?
        while let next = line.peek(), next.kind == .word, ["paging", "refresh", "zoom"].contains(next.text) {
            line.index += 1
            if next.text == "paging" {
                paging = true
                continue
            }
            if next.text == "zoom" {
                let zoomExample = "as in: scroll 0 0 390 600 content 390 600 zoom 1 4"
                guard let low = line.number("the smallest zoom scale, \(zoomExample)"),
                      let high = line.number("the largest zoom scale, \(zoomExample)") else { return }
                let limits = GestureScriptParser.zoomScaleLimits
                for value in [low, high] where !limits.contains(value.value) {
                    line.fail(at: value.column, "a zoom scale must be from \(NumberFormatting.json(limits.lowerBound)) "
                        + "to \(NumberFormatting.json(limits.upperBound))")
                    return
                }
                guard low.value < high.value else {
                    line.fail(at: high.column, "the largest zoom scale must be above the smallest, \(zoomExample)")
                    return
                }
                zoom = low.value...high.value
                continue
            }
            guard let seconds = line.number("how long a refresh lasts, in seconds, as in: scroll 0 0 390 600 content 390 3000 refresh 1.5")
            else { return }
            guard seconds.value > 0 && seconds.value <= GestureScriptParser.maximumRefreshDuration else {
                line.fail(at: seconds.column, "a refresh must last more than 0 and at most "
                    + "\(NumberFormatting.json(GestureScriptParser.maximumRefreshDuration)) seconds")
                return
            }
            refresh = seconds.value
        }
        guard line.finish() else { return }
        for (value, what) in [(width, "the scroll view's width"), (height, "the scroll view's height")] where value.value <= 0 {
            line.fail(at: value.column, "\(what) must be positive")
            return
        }
        let limit = GestureScriptParser.maximumScrollContent
        for value in [contentWidth, contentHeight] where !(value.value > 0 && value.value <= limit) {
            line.fail(at: value.column, "the content's size must be positive and at most \(NumberFormatting.json(limit)) points")
            return
        }
        scrollPlace = (line.line, x.column)
        scene.scroll = GestureScript.SceneScroll(
            frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            contentSize: Size(width: contentWidth.value, height: contentHeight.value), isPagingEnabled: paging,
            refreshDuration: refresh, zoomRange: zoom
        )
    }

    /// Checks, once the scene is complete, that every button lies inside
    /// the window and clear of the tab bar (whatever order the scene lines
    /// came in); errors go to the buttons' lines.
    mutating func checkScene() {
        guard !sceneChecked else { return }
        sceneChecked = true
        let window = Rect(origin: .zero, size: scene.windowSize)
        let tabBarTop = scene.tabTitles == nil ? nil : scene.windowSize.height - GestureScriptParser.tabBarHeight
        let size = "\(NumberFormatting.json(scene.windowSize.width)) × \(NumberFormatting.json(scene.windowSize.height))"
        if let scroll = scene.scroll, let place = scrollPlace {
            let frame = scroll.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the scroll view does not fit in the \(size) window; "
                    + "its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the scroll view overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); make it end above")
            }
        }
        checkFields(window: window, tabBarTop: tabBarTop, size: size)
        if let list = scene.list, let place = listPlace {
            let frame = list.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the list does not fit in the \(size) window; "
                    + "its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the list overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); make it end above")
            }
        }
        for (index, button) in scene.buttons.enumerated() {
            let place = buttonPlaces[index]
            let frame = button.frame
            if button.isInScroll {
                guard let scroll = scene.scroll else {
                    error(line: place.line, column: place.scrollColumn, "the button '\(button.title)' is 'in scroll', "
                        + "but the scene has no scroll view; add a line such as: scroll 0 0 390 600 content 390 3000")
                    continue
                }
                let content = scroll.contentSize
                if !(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= content.width && frame.maxY <= content.height) {
                    error(line: place.line, column: place.column, "the button '\(button.title)' does not fit in the "
                        + "scroll view's \(NumberFormatting.json(content.width)) × \(NumberFormatting.json(content.height)) "
                        + "content; a button in scroll is placed in content coordinates, inside it")
                }
                continue
            }
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the button '\(button.title)' does not fit in the \(size) "
                    + "window; its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the button '\(button.title)' overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); move it above")
            }
        }
    }

    /// Checks each field as `checkScene` checks a button outside the scroll view.
    mutating func checkFields(window: Rect, tabBarTop: Double?, size: String) {
        for (index, field) in scene.fields.enumerated() {
            let place = fieldPlaces[index]
            let frame = field.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the field '\(field.name)' does not fit in the \(size) "
                    + "window; its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the field '\(field.name)' overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); move it above")
            }
        }
    }

    /// A title as a script writes it after `@`: quoted when it has a space.
    static func written(_ title: String) -> String {
        title.contains(" ") ? "\"\(title)\"" : title
    }

    /// The index of the button with this title, if any.
    func buttonIndex(_ title: String) -> Int? {
        guard buttonLines[title] != nil else { return nil }
        for (index, button) in scene.buttons.enumerated() where button.title == title { return index }
        return nil
    }

    mutating func parseDisable(_ line: inout LineReader) {
        var any = false
        while let token = line.next() {
            guard let title = itemTitle(token, &line) else { return }
            if let index = buttonIndex(title) {
                scene.buttons[index].isEnabled = false
            } else if let index = scene.fields.firstIndex(where: { $0.name == title }) {
                scene.fields[index].isEnabled = false
            } else if !scene.disabledTabs.contains(title) {
                scene.disabledTabs.append(title)
            }
            any = true
        }
        if !any {
            line.fail(at: line.endColumn, scene.buttons.isEmpty
                ? "expected the title of a tab to disable" : "expected the title of a tab or a button to disable")
        }
    }

    mutating func parseSelect(_ line: inout LineReader) {
        guard let token = line.next() else {
            line.fail(at: line.endColumn, "expected the title of the tab to select")
            return
        }
        if buttonIndex(token.text) != nil {
            line.fail(at: token.column, "'\(token.text)' is a button; 'select' names the tab selected at the start")
            return
        }
        guard let title = tabTitle(token, &line), line.finish() else { return }
        scene.selectedTab = title
    }

    mutating func parseSurface(_ line: inout LineReader) {
        var recognizers: [GestureScript.SurfaceRecognizer] = []
        while let token = line.next() {
            guard let recognizer = GestureScript.SurfaceRecognizer(rawValue: token.text), token.kind == .word else {
                line.fail(at: token.column, "unknown recognizer '\(token.text)'; expected \(GestureScript.SurfaceRecognizer.names)")
                return
            }
            guard !recognizers.contains(recognizer) else {
                line.fail(at: token.column, "'\(token.text)' is listed twice")
                return
            }
            recognizers.append(recognizer)
        }
        guard !recognizers.isEmpty else {
            line.fail(at: line.endColumn, "expected recognizers, as in: surface tap long-press pan")
            return
        }
        scene.surfaceRecognizers = recognizers
    }

    /// A title in a `disable` line or after `@`: it must name a tab or a
    /// button (with no buttons, the messages speak of tabs only).
    mutating func itemTitle(_ token: ScriptToken, _ line: inout LineReader) -> String? {
        let isTab = scene.tabTitles?.contains(token.text) == true
        if fieldLines[token.text] != nil {
            guard !isTab else {
                line.fail(at: token.column, "'\(token.text)' names both a tab and a field; use a point (X Y) instead")
                return nil
            }
            return token.text
        }
        if scene.buttons.isEmpty && scene.fields.isEmpty { return tabTitle(token, &line) }
        if isTab || buttonIndex(token.text) != nil { return token.text }
        var known = ""
        if let tabs = scene.tabTitles { known = "the tabs are: " + tabs.map(Self.written).joined(separator: ", ") + "; " }
        var lists: [String] = []
        if !scene.buttons.isEmpty {
            let shown = scene.buttons.prefix(10).map { Self.written($0.title) }.joined(separator: ", ")
            let more = scene.buttons.count > 10 ? " and \(scene.buttons.count - 10) more" : ""
            lists.append("the buttons are: \(shown)\(more)")
        }
        if !scene.fields.isEmpty {
            lists.append("the fields are: " + scene.fields.map { Self.written($0.name) }.joined(separator: ", "))
        }
        let what = scene.fields.isEmpty ? "tab or button" : scene.buttons.isEmpty ? "tab or field" : "tab, button or field"
        line.fail(at: token.column, "unknown \(what) '\(token.text)'; \(known)" + lists.joined(separator: "; "))
        return nil
    }

    /// A tab's title in a `select` line (or, with no buttons, `disable` and after `@`): it must name a tab.
    mutating func tabTitle(_ token: ScriptToken, _ line: inout LineReader) -> String? {
        guard let titles = scene.tabTitles else {
            line.fail(at: token.column, "there is no tab bar; add a 'tabbar' line before naming tabs")
            return nil
        }
        guard titles.contains(token.text) else {
            line.fail(at: token.column, "unknown tab '\(token.text)'; the tabs are: "
                + titles.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", "))
            return nil
        }
        return token.text
    }
}
