// Sections shared by the emulator's format guides: the element format and the edit rules, in the emulator's own
// words (written from the open-source editor's element format and the tool behaviour implemented in src/mcp; no
// vendor text).

export const ELEMENT_FORMAT = `## Elements

A scene is a flat list of elements. Coordinates are absolute scene pixels; x grows to the right, y grows downwards. Every element has a type:
rectangle, diamond, ellipse, text, arrow, line, freedraw, image, frame (plus magicframe, iframe, embeddable and stickynote, which you rarely need).

Fields you may set when adding (everything you leave out gets the editor's default):
- x, y, width, height: the box. angle is in radians (default 0).
- strokeColor: outline and text colour, always a hex colour with "#" (default "#1e1e1e").
- backgroundColor: "transparent" (default) or a hex colour. fillStyle: "solid" (default), "hachure", "cross-hatch" or "zigzag".
- strokeWidth 1, 2 (default) or 4; strokeStyle "solid", "dashed" or "dotted"; roughness 0 (clean), 1 (default, hand-drawn) or 2; opacity 0-100.
- roundness: null for sharp corners, {"type": 3} for rounded boxes (the default on rectangles), {"type": 2} for rounded diamonds and curved lines.
- groupIds: elements sharing an id move together. frameId: the frame the element belongs to. link: a URL or null. locked: true to pin it.
- customData: any JSON object you want to keep with the element.

The server owns id, version, versionNonce, seed, index, updated and isDeleted: never send them when adding. New elements are stacked above existing ones.

Text: {"type":"text","text":"Hello","x":..,"y":..}. Optional fontSize (default 20), fontFamily (5 hand-drawn default, 2 clean sans-serif, 3 monospace, 6 rounded sans, 8 comic), textAlign "left" (default), "center" or "right", lineHeight (1.25). The box is sized from the text when width is not given. Use "\\n" for line breaks, keep lines short, avoid emoji. With textAlign "center", the x you give is the centre of the text.

Arrows and lines: points are [x, y] pairs relative to the element's x, y, starting with [0, 0]; width and height follow from the points. Arrows end in "arrow" by default; startArrowhead/endArrowhead may be null, "arrow", "bar", "circle", "triangle", "diamond" (and their "_outline" forms) or a cardinality head. "elbowed": true draws right-angled arrows (give orthogonal points).

Bindings attach an arrow end to a shape: "startBinding" / "endBinding" = {"elementId": "...", "fixedPoint": [fx, fy], "mode": "inside"}. fixedPoint is a fraction of the target's box: top [0.5, 0], right [1, 0.5], bottom [0.5, 1], left [0, 0.5]. A binding without fixedPoint is dropped. The arrow's own x, y and points are what is drawn: place them on the anchors yourself, and update them if you move the shapes.

Labels: "label": {"text": "...", "fontSize"?, "fontFamily"?, "strokeColor"?, "textAlign"?} on a rectangle, diamond, ellipse or arrow creates a text bound inside it, centred both ways and wrapped to the shape. Do not add separate text elements on top of shapes for their captions.

Frames: {"type":"frame","name":"...",...}. An element belongs to a frame when its frameId is the frame's id; its coordinates stay absolute and should lie inside the frame's box.`

export const EDIT_RULES = `## Writing with edit_scene_content

One call runs three steps in a fixed order: delete, then update, then add.
- add: a JSON **string** holding an array of element skeletons, for example "[{\\"type\\":\\"rectangle\\",\\"x\\":0,\\"y\\":0,\\"width\\":200,\\"height\\":80}]". A real array is refused. Do not include "id": give "tempId" (any string) and use it in the same call wherever an id is expected: frameId, containerId, startBinding.elementId, endBinding.elementId. tempIds mean nothing in later calls; use the ids the answer returns.
- update: a JSON **string** holding an array of patches. Each patch needs the "id" of an existing element; the fields you send replace the element's fields, the others stay. type cannot change. "label": {...} edits the existing label (or adds one to a shape that has none). An arrow label can only be created when the arrow is added: through update it is silently ignored.
- delete: a real array of element ids. Deleting a frame deletes its children; deleting a shape deletes its label; arrows bound to a deleted shape lose that binding. Deleting a shape and an arrow bound to it in the same call is refused: delete the arrow in one call, the shape in the next.

The answer counts what happened (added, updated, deleted), lists addedElementIds, maps each tempId to its id in tempIdMap, and gives id, type, x, y, width and height of every added element (labels included). A whole call succeeds or fails as one: an error changes nothing. A string that is not valid JSON is an internal error; read the message of any other error, fix the call and retry.

## Reading

search_scene_content finds elements by their visible text and returns them whole: "contains" ignores case, spaces and - _ . , : ; / \\ (so "auth flow" finds "Auth-Flow"), "glob" matches the whole text with * and ?. A shape or arrow found through its label is returned with that label in labelText. Filter with types, frameId and limit. get_scene_content returns the entire scene, deleted elements included: use it only when you need everything.

## Safety

Change only what the user asked for. Never delete elements, clear a scene or overwrite existing content unless the user explicitly asked for that change.`

export const PALETTE = `## Colours that read well

Strokes: "#1e1e1e" (ink), "#1971c2" (blue), "#2f9e44" (green), "#e03131" (red), "#f08c00" (orange), "#6741d9" (violet).
Fills (with fillStyle "solid"): "#a5d8ff" (blue), "#b2f2bb" (green), "#ffc9c9" (red), "#ffec99" (yellow), "#d0bfff" (violet), "#e9ecef" (grey).`
