/// What `serve` adds to each HTML page it serves (never to the files in the
/// output folder): the run's token for saving test results, and a listener
/// for server-sent events that reloads the page after a rebuild and shows the
/// errors of a failed one over the page.
enum LiveScript {
    static func tag(build: Int, token: String) -> String {
        "<script>window.daybookServe={build:\(build),token:\"\(token)\"};</script><script>\(listener)</script>"
    }

    /// Errors are put in with textContent, so a message holding markup shows as text.
    private static let listener = """
    (function(){"use strict";var serve=window.daybookServe,box=null;\
    function hide(){if(box){box.remove();box=null}}\
    function show(errors){hide();box=document.createElement("div");box.id="daybook-errors";box.setAttribute("role","alert");\
    box.style.cssText="position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:1.5rem;background:rgba(20,20,20,.94);color:#fff;font:14px/1.5 ui-monospace,monospace";\
    var h=document.createElement("h2");h.textContent="daybook: the build failed; these pages are from the last good build";h.style.cssText="color:#ff8a80;font-size:1.1rem;margin:0 0 1rem";box.appendChild(h);\
    var list=document.createElement("ul");list.style.cssText="list-style:none;margin:0;padding:0";\
    errors.forEach(function(e){var li=document.createElement("li");li.className="daybook-error";li.style.margin="0 0 .8rem";\
    var line=document.createElement("div");line.className="daybook-error-line";line.textContent=e.location+": "+e.message;li.appendChild(line);\
    if(e.hint){var hint=document.createElement("div");hint.className="daybook-error-hint";hint.textContent="hint: "+e.hint;hint.style.cssText="color:#b9f6ca;padding-left:2ch";li.appendChild(hint)}\
    list.appendChild(li)});box.appendChild(list);document.body.appendChild(box)}\
    var events=new EventSource("/__daybook/events");\
    events.addEventListener("build",function(e){if(e.data!==String(serve.build)){location.reload()}else{hide()}});\
    events.addEventListener("errors",function(e){show(JSON.parse(e.data))});\
    window.addEventListener("pagehide",function(){events.close()})})();
    """
}
