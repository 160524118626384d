package caissa.arena.server;

import io.javalin.router.JavalinDefaultRoutingApi;

/**
 * The routes of one area of the site (accounts, submissions, the organiser's pages, the API,
 * competitions), each in a class of its own that {@link ContestServer} adds. A handler decides
 * who may see what it serves before it reads anything ({@link Sessions}), reads the request,
 * calls the contest, and renders.
 */
public interface Routes {

    void addTo(JavalinDefaultRoutingApi routes);
}
