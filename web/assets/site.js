// Stepping through a game's history with the arrow keys: the page's own
// "before" and "after" links, which work without this script.
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
  var rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : "";
  var a = rel && document.querySelector('a[rel="' + rel + '"]');
  if (a) { window.location.href = a.href; }
});
