package caissa.arena.report;

import caissa.arena.records.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** Reading a written report back in tests: the embedded data and the page around it. */
final class ReportPage {

    static final String DATA_OPEN = "<script type=\"application/json\" id=\"report-data\">";

    private ReportPage() {}

    /** The JSON document embedded in the page, parsed. */
    static JsonNode data(String html) throws IOException {
        int start = html.indexOf(DATA_OPEN);
        if (start < 0) {
            throw new AssertionError("the page has no " + DATA_OPEN);
        }
        start += DATA_OPEN.length();
        int end = html.indexOf("</script>", start);
        return Json.mapper().readTree(html.substring(start, end));
    }
}
